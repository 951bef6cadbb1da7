import { HttpError } from './api';

type Body = Record<string, unknown>;

/** Throws the 400 a validation failure gets. */
export function invalid(message: string): never {
  throw new HttpError(400, message);
}

/** True for an absolute http: or https: URL. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** True for something shaped like an email address; the real server's rule is not shown, so this stays loose. */
export function isEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
}

/** `body[name]` as a string, or undefined when absent or null; any other type is a 400. */
export function optionalString(body: Body, name: string): string | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') invalid(`The ${name} field must be a string.`);
  return value;
}

/** `body[name]` as a non-blank string; missing or blank is a 400 naming the field. */
export function requiredString(body: Body, name: string): string {
  const value = optionalString(body, name);
  if (value === undefined || value.trim() === '') invalid(`The ${name} field is required.`);
  return value;
}

/** `body[name]` as a boolean, or undefined when absent or null. */
export function optionalBoolean(body: Body, name: string): boolean | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') invalid(`The ${name} field must be true or false.`);
  return value;
}

/** `body[name]` as a positive integer id, or undefined when absent or null. */
export function optionalId(body: Body, name: string): number | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
    invalid(`The ${name} field must be a positive integer id.`);
  }
  return value;
}

/** `body[name]` as an http(s) URL; an empty string is allowed and means 'none'. */
export function optionalUrl(body: Body, name: string): string | undefined {
  const value = optionalString(body, name);
  if (value === undefined || value === '') return value;
  if (!isHttpUrl(value)) invalid(`The ${name} field must be a valid http or https URL.`);
  return value;
}

/** `body[name]` as an array of objects whose listed keys are all strings; `link` keys must be URLs. */
export function optionalObjectArray<K extends string>(
  body: Body,
  name: string,
  keys: readonly K[],
): Record<K, string>[] | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  const shape = keys.map((key) => `"${key}"`).join(' and ');
  if (!Array.isArray(value)) invalid(`The ${name} field must be an array of objects with ${shape}.`);
  return value.map((entry: unknown, index) => {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
      invalid(`${name}[${index}] must be an object with ${shape}.`);
    }
    const record = entry as Record<string, unknown>;
    const result = {} as Record<K, string>;
    for (const key of keys) {
      const field = record[key];
      if (typeof field !== 'string' || field.trim() === '')
        invalid(`${name}[${index}].${key} must be a non-empty string.`);
      if (key === 'link' && !isHttpUrl(field))
        invalid(`${name}[${index}].link must be a valid http or https URL.`);
      result[key] = field;
    }
    return result;
  });
}
