/**
 * Export and import of settings (Options' "Import and export"). Only the background holds the API
 * keys, so both run here: the export reads them when the user asked for them, and the import checks
 * the whole file (lib/settings/transfer.ts) before it writes settings and keys in one storage call.
 * A dry run does all of that but the write, so Options' preview says what the import will do.
 */

import { t } from '@/lib/i18n';
import type { ImportSummary, RequestOf, ResponseOf } from '@/lib/messaging/protocol';
import { isNewerSettings, type Profile, settingsSchema } from '@/lib/settings/schema';
import { applyImport, buildSettingsFile, parseSettingsFile, tooManyProfiles } from '@/lib/settings/transfer';
import {
  apiKeysItem,
  newerSettingsItem,
  type StorageArea,
  setItems,
  settingsItem,
} from '@/lib/storage/items';
import { type Clients, hasHostAccess } from './clients';
import { ExtensionError } from './errors';

/** How a profile is named to the user: its name, or its server when it has none. */
const nameOf = (profile: Profile) => profile.name || profile.serverUrl;

/**
 * The handlers of exportSettings and importSettings. `mayReach` tells whether the user granted access
 * to a server: an import never makes active a profile whose server they have not.
 */
export function createSettingsTransferHandlers(
  clients: Pick<Clients, 'forget'>,
  area: StorageArea = browser.storage.local,
  mayReach: (serverUrl: string) => Promise<boolean> = hasHostAccess,
) {
  async function exportSettings({
    includeKeys,
  }: RequestOf<'exportSettings'>): Promise<ResponseOf<'exportSettings'>> {
    // The settings as stored (not yet through settingsItem's reader): a newer release's are refused.
    const stored = await area.get([settingsItem.key, apiKeysItem.key]);
    const settings = stored[settingsItem.key];
    // This release reads such settings as the defaults: exporting those would pass for a backup.
    if (isNewerSettings(settings)) {
      throw new ExtensionError('validation', t('options_export_newer_settings'));
    }
    const keys = includeKeys ? apiKeysItem.read(stored[apiKeysItem.key]) : null;
    return { file: buildSettingsFile(settingsItem.read(settings), keys) };
  }

  async function importSettings({
    text,
    dryRun = false,
  }: RequestOf<'importSettings'>): Promise<ResponseOf<'importSettings'>> {
    const parsed = parseSettingsFile(text);
    if (!parsed.ok) throw new ExtensionError('validation', parsed.message);
    // As stored: settings of a newer release are kept aside below.
    const stored = await area.get([settingsItem.key, apiKeysItem.key]);
    const storedSettings = stored[settingsItem.key];
    const current = settingsItem.read(storedSettings);
    const servers = new Set(
      [...current.profiles, ...parsed.imported.settings.profiles].map((p) => p.serverUrl),
    );
    const granted = new Map(
      await Promise.all([...servers].map(async (url) => [url, await mayReach(url)] as const)),
    );
    const result = applyImport(
      current,
      apiKeysItem.read(stored[apiKeysItem.key]),
      parsed.imported,
      undefined,
      (url) => granted.get(url) ?? false,
    );
    const crowded = tooManyProfiles(result);
    if (crowded) throw new ExtensionError('validation', crowded);
    const { added, replaced, keysImported, withoutKey, skippedActive, needsAccess } = result;
    const active = result.settings.profiles.find((p) => p.id === result.settings.activeProfileId);
    const summary: ImportSummary = {
      added,
      replaced,
      keysImported,
      withoutKey,
      active: active ? nameOf(active) : null,
      skippedActive: skippedActive
        ? {
            name: nameOf(skippedActive),
            missing: result.apiKeys[skippedActive.id] === undefined ? 'key' : 'access',
          }
        : null,
      needsAccess,
    };
    if (dryRun) return summary;
    // Settings of a newer release are kept aside, as saveSettings does, not overwritten.
    const backup = isNewerSettings(storedSettings) ? [newerSettingsItem.entry(storedSettings)] : [];
    await setItems(
      [
        settingsItem.entry(settingsSchema.parse(result.settings)),
        apiKeysItem.entry({ ...result.apiKeys }),
        ...backup,
      ],
      area,
    );
    // A client built with a replaced key would go on sending the old one.
    for (const id of result.rekeyed) clients.forget(id);
    return summary;
  }

  return { exportSettings, importSettings };
}
