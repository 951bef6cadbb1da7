/**
 * API keys per profile, in `storage.local` only (never `storage.sync`). Only the background imports
 * this module: pages never see a key after it is saved.
 */
export const API_KEYS_KEY = 'apiKeys';

export type KeyMap = Record<string, string>;

/** The stored key map, keeping only string keys; anything else reads as no keys. */
export function parseApiKeys(stored: unknown): KeyMap {
  if (!stored || typeof stored !== 'object') return {};
  // No prototype: a profile id such as `__proto__` or `constructor` is just a name here.
  const keys: KeyMap = Object.create(null);
  for (const [id, key] of Object.entries(stored)) if (typeof key === 'string') keys[id] = key;
  return keys;
}

async function readAll(area: typeof browser.storage.local): Promise<KeyMap> {
  return parseApiKeys((await area.get(API_KEYS_KEY))[API_KEYS_KEY]);
}

/** The key of one profile, or null. */
export async function getApiKey(profileId: string, area = browser.storage.local): Promise<string | null> {
  return (await readAll(area))[profileId] ?? null;
}

/** Every stored key (for redacting them from what pages receive). */
export async function allApiKeys(area = browser.storage.local): Promise<string[]> {
  return Object.values(await readAll(area));
}

/** Stores (or replaces) the key of one profile. */
export async function setApiKey(profileId: string, key: string, area = browser.storage.local): Promise<void> {
  await area.set({ [API_KEYS_KEY]: { ...(await readAll(area)), [profileId]: key } });
}

/** Forgets the key of one profile. */
export async function deleteApiKey(profileId: string, area = browser.storage.local): Promise<void> {
  const keys = await readAll(area);
  delete keys[profileId];
  await area.set({ [API_KEYS_KEY]: keys });
}

/** Shows only the end of a key, so a saved key is never displayed in full. */
export function maskApiKey(key: string): string {
  return key.length <= 4 ? '••••' : `••••${key.slice(-4)}`;
}
