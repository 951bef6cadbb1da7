/** Dates as users read them, in their local time: server dates, and the day a saved file is named after. */
import { dayStart, localDay, parseApiDate, parseExportDate } from '../dates';
import { uiLanguage } from '../i18n';

/**
 * A server date in the user's language: the date and, when the server sent one, the time. Anything
 * that is not a date in the API's form is shown as it came, so nothing the server said is hidden.
 */
export function formatDate(value: string, { withTime = true } = {}): string {
  return formatParsed(value, parseApiDate(value), withTime);
}

/** A date from another shortener's export (see parseExportDate) like a server date; as written when it is none. */
export function formatExportDate(value: string): string {
  return formatParsed(value, parseExportDate(value), true);
}

function formatParsed(value: string, parsed: { date: Date; hasTime: boolean } | null, withTime: boolean) {
  if (!parsed) return value;
  return new Intl.DateTimeFormat(uiLanguage(), {
    dateStyle: 'medium',
    ...(withTime && parsed.hasTime ? { timeStyle: 'short' } : {}),
  }).format(parsed.date);
}

/** A moment the extension keeps (ms since the epoch) in the user's language: date and time. */
export function formatMoment(at: number): string {
  return new Intl.DateTimeFormat(uiLanguage(), { dateStyle: 'medium', timeStyle: 'short' }).format(at);
}

/** A day of a click history (lib/dates.ts dayNumber) in the user's language. */
export function formatDay(day: number): string {
  return new Intl.DateTimeFormat(uiLanguage(), { dateStyle: 'medium' }).format(dayStart(day));
}

/** The day in a saved file's name (settings, links export, bulk results): the user's local day. */
export function fileDay(date: Date): string {
  return localDay(date);
}
