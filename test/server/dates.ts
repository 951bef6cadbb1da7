const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/** Formats a moment as the API's `YYYY-MM-DD HH:MM:SS`, in UTC so output does not depend on the machine. */
export function formatDateTime(moment: Date): string {
  return moment.toISOString().slice(0, 19).replace('T', ' ');
}

/** The date part (`YYYY-MM-DD`) of an API date-time, as channel items show it. */
export function datePart(dateTime: string): string {
  return dateTime.slice(0, 10);
}

/** True when `value` is `YYYY-MM-DD HH:MM:SS` and names a real calendar moment (no 2026-02-30). */
export function isDateTime(value: string): boolean {
  const match = DATE_TIME.exec(value);
  if (!match) return false;
  const moment = new Date(`${value.replace(' ', 'T')}Z`);
  // Date.parse rolls 2026-02-30 over to March; formatting it back exposes the roll-over.
  return !Number.isNaN(moment.getTime()) && formatDateTime(moment) === value;
}
