/**
 * Keeps API keys out of what the background answers pages: whatever a handler returns, and whatever
 * a server echoed into it, reaches a page with every key replaced by ••••.
 */
import { isObject } from '@/lib/is-object';

/** Keys shorter than this are not looked for in answers: replacing them would garble ordinary text. */
const MIN_SECRET_LENGTH = 4;

function redactString(text: string, secrets: readonly string[]): string {
  return secrets.reduce((out, secret) => out.split(secret).join('••••'), text);
}

function redactValue(value: unknown, secrets: readonly string[]): unknown {
  if (typeof value === 'string') return redactString(value, secrets);
  if (Array.isArray(value)) return value.map((item) => redactValue(item, secrets));
  if (isObject(value)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactValue(v, secrets)]));
  }
  return value;
}

/**
 * Replaces every API key in a plain-data answer with ••••. The client already redacts error
 * messages; this also covers a server that echoes the key in data (an avatar URL with `?key=`).
 * The answer is walked only when its JSON contains a key, so the usual answer costs one stringify.
 */
export function redactSecrets<T>(value: T, secrets: readonly string[]): T {
  const present = secrets.filter((secret) => secret.length >= MIN_SECRET_LENGTH);
  if (present.length === 0) return value;
  const json = JSON.stringify(value);
  // A key with " or \ appears escaped in JSON.
  if (json === undefined || !present.some((secret) => json.includes(JSON.stringify(secret).slice(1, -1)))) {
    return value;
  }
  return redactValue(value, present) as T;
}
