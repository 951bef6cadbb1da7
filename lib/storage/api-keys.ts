/**
 * API keys per profile, in `storage.local` only (never `storage.sync`). Only the background imports
 * this module: pages never see a key after it is saved.
 */
import { apiKeysItem, getItem, type StorageArea, setItem } from './items';

/** The key of one profile, or null. */
export async function getApiKey(profileId: string, area?: StorageArea): Promise<string | null> {
  return (await getItem(apiKeysItem, area))[profileId] ?? null;
}

/** Every stored key (for redacting them from what pages receive). */
export async function allApiKeys(area?: StorageArea): Promise<string[]> {
  return Object.values(await getItem(apiKeysItem, area));
}

/** Stores (or replaces) the key of one profile. */
export async function setApiKey(profileId: string, key: string, area?: StorageArea): Promise<void> {
  await setItem(apiKeysItem, { ...(await getItem(apiKeysItem, area)), [profileId]: key }, area);
}

/** Forgets the key of one profile. */
export async function deleteApiKey(profileId: string, area?: StorageArea): Promise<void> {
  const keys = await getItem(apiKeysItem, area);
  delete keys[profileId];
  await setItem(apiKeysItem, keys, area);
}
