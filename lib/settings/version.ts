/**
 * The version of stored settings, without zod: the service worker's start checks it to know whether
 * the migrations of settings.ts (which parse with zod) have anything to do.
 */
import { SETTINGS_VERSION } from './defaults';

/**
 * The version of a stored value: null when nothing or no settings object is stored, 0 for the
 * legacy shape without a version, NaN for an object whose version is not a whole number.
 */
export function storedVersion(value: unknown): number | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  if (!('version' in value)) return 0;
  const { version } = value;
  return typeof version === 'number' && Number.isInteger(version) && version >= 0 ? version : Number.NaN;
}

/** True when a stored value is settings of a version older than this release's: a migration applies. */
export function isOlderSettings(value: unknown): boolean {
  const version = storedVersion(value);
  return version !== null && version < SETTINGS_VERSION;
}
