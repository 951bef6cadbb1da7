/**
 * Dates as users read them: a server date in the user's language, and the day a saved file is named
 * after. Both are the user's local time, as the server's dates are read (lib/dates.ts).
 *
 *   formatDate('2030-12-31 23:59:59');  // 'Dec 31, 2030, 11:59 PM' in English
 *   fileDay(new Date());                // '2026-11-21': shortlink-settings-2026-11-21.json
 */
import { localDay, parseApiDate } from '../dates';
import { uiLanguage } from '../i18n';

/**
 * A server date in the user's language: the date and, when the server sent one, the time. Anything
 * that is not a date in the API's form is shown as it came, so nothing the server said is hidden.
 */
export function formatDate(value: string, { withTime = true } = {}): string {
  const parsed = parseApiDate(value);
  if (!parsed) return value;
  return new Intl.DateTimeFormat(uiLanguage(), {
    dateStyle: 'medium',
    ...(withTime && parsed.hasTime ? { timeStyle: 'short' } : {}),
  }).format(parsed.date);
}

/** The day in a saved file's name (settings, links export, bulk results): the user's local day. */
export function fileDay(date: Date): string {
  return localDay(date);
}
