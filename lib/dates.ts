/**
 * Dates as the extension reads and writes them: the API's `YYYY-MM-DD HH:MM:SS` (no time zone: the
 * server's clock, read as local time), the `<input type="datetime-local">` value `YYYY-MM-DDTHH:MM`,
 * and a profile's default expiry. Pure; every page and the background use these.
 *
 *   datetimeLocalToApi('2031-02-06T09:05');   // '2031-02-06 09:05:00'
 *   apiToDatetimeLocal('2031-02-06 09:05:00'); // '2031-02-06T09:05:00'
 *   toApiDateTime(new Date());                 // now, as the API writes it
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** A date's local day as `YYYY-MM-DD`. */
export function localDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

const DAY_MS = 86_400_000;

/** A moment's local calendar day as days since 1970-01-01: one number a day, in any time zone. */
export function dayNumber(ms: number): number {
  const date = new Date(ms);
  return Math.round(Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()) / DAY_MS);
}

/** The local midnight that starts a day of dayNumber. */
export function dayStart(day: number): Date {
  const utc = new Date(day * DAY_MS);
  return new Date(utc.getUTCFullYear(), utc.getUTCMonth(), utc.getUTCDate());
}

/** A date as the API writes it, `YYYY-MM-DD HH:MM:SS`, in local time. */
export function toApiDateTime(date: Date): string {
  return `${localDay(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** A date as `<input type="datetime-local">` wants it (`YYYY-MM-DDTHH:MM`), in local time. */
export function toDatetimeLocal(date: Date): string {
  return `${localDay(date)}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

// The datetime-local value, or the API's form: a space instead of the T, seconds optional.
const LOCAL_DATE_TIME = /^(\d{4})-(\d\d)-(\d\d)[T ](\d\d):(\d\d)(?::(\d\d))?$/;

/** A datetime-local value (or an API date and time) as a local Date; null when it is not a real one. */
export function parseLocalDateTime(value: string): Date | null {
  const match = LOCAL_DATE_TIME.exec(value.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new Date(year, month - 1, day, hour, minute, second);
  // new Date rolls 2026-02-30 over to March; a rolled-over date was not a real one.
  if (date.getMonth() !== month - 1 || date.getDate() !== day || hour > 23 || minute > 59 || second > 59) {
    return null;
  }
  return date;
}

// The API sends dates as `YYYY-MM-DD HH:MM:SS`, some as `YYYY-MM-DD`, with no time zone: they are read
// as the server's clock reads them, not converted.
const API_DATE_ONLY = /^\d{4}-\d\d-\d\d$/;

/** A date the server sent, as a local Date and whether it had a time; null when it is not one. */
export function parseApiDate(value: string): { date: Date; hasTime: boolean } | null {
  const trimmed = value.trim();
  const hasTime = !API_DATE_ONLY.test(trimmed);
  const date = parseLocalDateTime(hasTime ? trimmed : `${trimmed} 00:00`);
  return date ? { date, hasTime } : null;
}

// ISO 8601 as exports write it: a date, a time, optional fractions of a second and zone.
const ISO_DATE_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d(?::\d\d(?:\.\d+)?)?(?:Z|[+-]\d\d:?\d\d)?$/i;

/**
 * A date another shortener's export wrote: the API's form, ISO 8601 (with its zone, else local), or
 * seconds (milliseconds) since the epoch, as YOURLS and some APIs write them; null when it is none.
 */
export function parseExportDate(value: string): { date: Date; hasTime: boolean } | null {
  const trimmed = value.trim();
  if (/^\d{9,10}$/.test(trimmed)) return { date: new Date(Number(trimmed) * 1000), hasTime: true };
  if (/^\d{12,13}$/.test(trimmed)) return { date: new Date(Number(trimmed)), hasTime: true };
  if (ISO_DATE_TIME.test(trimmed)) {
    const date = new Date(trimmed);
    // The calendar check of parseLocalDateTime, for the date part: 2026-02-30 is not a day.
    const day = parseApiDate(trimmed.slice(0, 10));
    return Number.isNaN(date.getTime()) || !day ? null : { date, hasTime: true };
  }
  return parseApiDate(trimmed);
}

/** A datetime-local value as the API's `YYYY-MM-DD HH:MM:SS`; null when it is not a real date and time. */
export function datetimeLocalToApi(value: string): string | null {
  const match = LOCAL_DATE_TIME.exec(value.trim());
  if (!match || !parseLocalDateTime(value)) return null;
  // From the text, not the Date: a time that a daylight-saving change skips is sent as typed.
  const [, year, month, day, hour, minute, second] = match;
  return `${year}-${month}-${day} ${hour}:${minute}:${second ?? '00'}`;
}

/** An API date (`YYYY-MM-DD HH:MM:SS`) as a datetime-local value; '' when it is not one. */
export function apiToDatetimeLocal(value: string | null): string {
  const match = /^(\d{4}-\d\d-\d\d)[ T](\d\d:\d\d(?::\d\d)?)/.exec(value?.trim() ?? '');
  return match ? `${match[1]}T${match[2]}` : '';
}

/** The moment `days` days after `now`, or null when no expiry is set (null, 0 or negative). */
export function expiryFromDays(days: number | null, now: Date): Date | null {
  if (days === null || !Number.isFinite(days) || days <= 0) return null;
  const date = new Date(now);
  // Calendar days, so that "7 days" keeps the clock time across a daylight-saving change.
  date.setDate(date.getDate() + Math.round(days));
  return date;
}

/**
 * The API expiry `days` days after the API date `expiry` (after `now`, when that has passed), at the
 * same time of day: an Extend.
 */
export function extendedExpiry(expiry: string, days: number, now: number): string {
  const from = parseLocalDateTime(expiry);
  const base = from && from.getTime() > now ? from : new Date(now);
  base.setDate(base.getDate() + days);
  return toApiDateTime(base);
}

/** The datetime-local value for a profile's default expiry, or '' when it has none. */
export function defaultExpiryValue(days: number | null, now: Date): string {
  const date = expiryFromDays(days, now);
  return date ? toDatetimeLocal(date) : '';
}
