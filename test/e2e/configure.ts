/** Puts the extension into a configured state for e2e specs and the demo, without clicking through options. */
import type { WebWorker } from 'puppeteer-core';

/** Where the extension should send its API calls. */
export interface ExtensionConfig {
  serverUrl: string;
  apiKey: string;
}

/**
 * Writes the settings that point the extension at `serverUrl` with `apiKey`, from inside its service
 * worker. The storage shape is owned by lib/storage; this function is the only e2e code that knows it,
 * so it is the one place to change when that shape changes.
 */
export async function configureExtension(worker: WebWorker, config: ExtensionConfig): Promise<void> {
  await worker.evaluate(async ({ serverUrl, apiKey }) => {
    const { chrome } = globalThis as unknown as {
      chrome: { storage: { local: { set(items: Record<string, unknown>): Promise<void> } } };
    };
    await chrome.storage.local.set({ 'settings:v1': { serverUrl, apiKey } });
  }, config);
}
