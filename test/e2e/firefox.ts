/**
 * Firefox for the e2e tests: the Firefox build of the extension installed (as a temporary add-on) in
 * Debian's Firefox ESR, driven over WebDriver BiDi by puppeteer-core. Firefox does not let a test
 * navigate to an extension's pages, so they are opened from Firefox's own UI code ("chrome" scope,
 * which `-remote-allow-system-access` allows); the same scope reads the clipboard and picks context
 * menu items, as a user would. The extension's moz-extension:// host is fixed by a preference.
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { withTimeout } from './harness';

/** Debian's Firefox ESR; FIREFOX_PATH overrides. */
export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

/** The add-on id of the Firefox build (wxt.config.ts GECKO_ID). */
const ADDON_ID = 'shortlink@extension';
/** The extension's fixed internal host, so its pages have a known address. */
const ADDON_UUID = '5a1e6d33-0c4b-4a8e-9d7f-2b7c3f0e1a11';
const EXTENSION_ORIGIN = `moz-extension://${ADDON_UUID}`;

const LAUNCH_TIMEOUT_MS = 60_000;

/** A Firefox with the extension installed. */
export interface FirefoxExtension {
  browser: Browser;
  /** Opens `path` (e.g. `options.html`) of the extension in a new foreground tab. */
  extensionPage(path: string): Promise<Page>;
  /** Evaluates `expression` in Firefox's own UI (the browser window); returns its JSON-able value. */
  chrome<T = unknown>(expression: string): Promise<T>;
  /** The text on the clipboard. */
  readClipboard(): Promise<string>;
  /** Presses an extension shortcut such as `Alt+Shift+S` in the browser window. */
  pressShortcut(shortcut: string): Promise<void>;
  /** Picks the item labelled `label` in the open page context menu, as a click on it would. */
  pickContextMenuItem(label: string): Promise<void>;
  /**
   * Runs `body` (a function body, given the page's `document`) in the extension's page open in the
   * sidebar, and returns its JSON-able value; null when no sidebar page of the extension is open.
   */
  sidebar<T = unknown>(body: string): Promise<T | null>;
  close(): Promise<void>;
}

/** True when Firefox is installed here (CI installs it; see .ci/run). */
export function hasFirefox(): boolean {
  return existsSync(FIREFOX_PATH);
}

interface BidiResult {
  result:
    | { type: 'success'; result: { type: string; value?: unknown } }
    | { type: 'exception'; exceptionDetails: { text: string } };
}

/** Launches headless Firefox ESR with the unpacked extension at `extPath` installed. */
export async function launchFirefox(extPath: string): Promise<FirefoxExtension> {
  const profileDir = mkdtempSync(join(tmpdir(), 'shortlink-e2e-firefox-'));
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    headless: true,
    userDataDir: profileDir,
    timeout: LAUNCH_TIMEOUT_MS,
    args: ['-remote-allow-system-access'],
    extraPrefsFirefox: {
      'extensions.webextensions.uuids': JSON.stringify({ [ADDON_ID]: ADDON_UUID }),
      // A test cannot click Firefox's permission door-hanger: optional permissions the extension asks
      // for are granted as if the user had allowed them (the request still needs a user's click).
      'extensions.webextOptionalPermissionPrompts': false,
    },
  });
  try {
    await withTimeout(
      browser.installExtension(extPath),
      LAUNCH_TIMEOUT_MS,
      'Firefox did not install the extension',
    );
  } catch (error) {
    await browser.close();
    throw error;
  }
  // The WebDriver BiDi connection of puppeteer's Firefox browser: not in its public types.
  const { connection } = browser as unknown as {
    connection: { send(method: string, params: object): Promise<BidiResult & { result: unknown }> };
  };

  const chrome = async <T>(expression: string): Promise<T> => {
    const tree = (await connection.send('browsingContext.getTree', { 'moz:scope': 'chrome' })) as unknown as {
      result: { contexts: { context: string; url: string }[] };
    };
    const window = tree.result.contexts.find((c) => c.url === 'chrome://browser/content/browser.xhtml');
    if (!window) throw new Error('Firefox has no browser window');
    const { result } = (await connection.send('script.evaluate', {
      expression: `(async () => JSON.stringify(await (async () => { ${expression} })()))()`,
      target: { context: window.context },
      awaitPromise: true,
    })) as BidiResult;
    if (result.type === 'exception')
      throw new Error(`Firefox UI script failed: ${result.exceptionDetails.text}`);
    const value = result.result.value;
    return (typeof value === 'string' ? JSON.parse(value) : undefined) as T;
  };

  const pageAt = async (url: string): Promise<Page> => {
    // Puppeteer does not follow a tab opened by Firefox's UI to an extension page: find it by asking each.
    for (let attempt = 0; attempt < 50; attempt++) {
      for (const page of await browser.pages()) {
        const href = await page.evaluate(() => location.href).catch(() => '');
        if (href === url) return page;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`Firefox did not open ${url}`);
  };

  return {
    browser,
    chrome,
    async extensionPage(path) {
      const url = `${EXTENSION_ORIGIN}/${path}`;
      await chrome(`
        const principal = Services.scriptSecurityManager.getSystemPrincipal();
        gBrowser.selectedTab = gBrowser.addTab(${JSON.stringify(url)}, { triggeringPrincipal: principal });
        return true;`);
      const page = await pageAt(url);
      await page.waitForFunction(() => document.readyState === 'complete');
      return page;
    },
    readClipboard: () =>
      chrome<string>(`
        const transferable = Cc['@mozilla.org/widget/transferable;1'].createInstance(Ci.nsITransferable);
        transferable.init(null);
        transferable.addDataFlavor('text/plain');
        Services.clipboard.getData(transferable, Services.clipboard.kGlobalClipboard, window.browsingContext.currentWindowContext);
        const data = {};
        try { transferable.getTransferData('text/plain', data); } catch { return ''; }
        return data.value.QueryInterface(Ci.nsISupportsString).data;`),
    async pressShortcut(shortcut) {
      const parts = shortcut.toLowerCase().split('+');
      const key = parts.pop()!;
      const pressed = await chrome<boolean>(`
        // Firefox binds each extension shortcut as a <key> in a keyset of the extension's own.
        const keyset = document.getElementById('ext-keyset-id-${ADDON_ID.replace(/[^a-z0-9]/gi, '_')}');
        const wanted = ${JSON.stringify(parts.sort().join(','))};
        const key = [...(keyset?.children ?? [])].find((el) =>
          el.getAttribute('key').toLowerCase() === ${JSON.stringify(key)} &&
          el.getAttribute('modifiers').split(',').sort().join(',') === wanted);
        if (!key) return false;
        key.doCommand();
        return true;`);
      if (!pressed) throw new Error(`The extension has no shortcut ${shortcut} in Firefox`);
    },
    async pickContextMenuItem(label) {
      const picked = await chrome<boolean>(`
        const menu = document.getElementById('contentAreaContextMenu');
        for (let i = 0; i < 50 && menu.state !== 'open'; i++) await new Promise((r) => setTimeout(r, 100));
        const item = [...menu.querySelectorAll('menuitem')].find((el) => el.label === ${JSON.stringify(label)});
        if (!item) { menu.hidePopup(); return false; }
        // With more than one item, Firefox puts an extension's items in a submenu named after it.
        const popup = item.parentNode;
        if (popup !== menu) {
          popup.parentNode.openMenu(true);
          for (let i = 0; i < 50 && popup.state !== 'open'; i++) await new Promise((r) => setTimeout(r, 100));
        }
        popup.activateItem(item);
        return true;`);
      if (!picked) throw new Error(`The context menu has no item "${label}"`);
    },
    async sidebar<T>(body: string) {
      // The sidebar's page runs in a content process puppeteer does not see: a frame script, loaded
      // into its <browser> from Firefox's UI, runs there and sends the answer back.
      const frameScript = `(async () => {
        const document = content.document;
        try {
          const value = await (async () => { ${body} })();
          sendAsyncMessage('e2e:sidebar', { value: JSON.stringify(value ?? null) });
        } catch (error) {
          sendAsyncMessage('e2e:sidebar', { error: String(error) });
        }
      })()`;
      const answer = await chrome<{ value?: string; error?: string } | null>(`
        const sidebar = window.SidebarController ?? window.SidebarUI;
        const inner = sidebar.isOpen && sidebar.browser.contentDocument?.getElementById('webext-panels-browser');
        if (!inner || !inner.currentURI.spec.startsWith(${JSON.stringify(EXTENSION_ORIGIN)})) return null;
        const mm = inner.messageManager;
        return await new Promise((resolve) => {
          const listener = (message) => {
            mm.removeMessageListener('e2e:sidebar', listener);
            resolve(message.data);
          };
          mm.addMessageListener('e2e:sidebar', listener);
          mm.loadFrameScript('data:,' + encodeURIComponent(${JSON.stringify(frameScript)}), false);
        });`);
      if (answer?.error) throw new Error(`Script in the sidebar failed: ${answer.error}`);
      return answer?.value === undefined ? null : (JSON.parse(answer.value) as T);
    },
    async close() {
      await withTimeout(browser.close(), 20_000, 'Firefox did not close').catch(() =>
        browser.process()?.kill('SIGKILL'),
      );
      await rm(profileDir, { recursive: true, force: true });
    },
  };
}
