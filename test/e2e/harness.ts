/**
 * E2E harness: the built extension in real, headed Chromium, driven the way a person drives it.
 *
 *   const ext = await launchBrowser();              // extension loaded, Alt+Shift+P bound
 *   const page = await ext.browser.newPage();
 *   await page.goto(url);
 *   const popup = await openPopup(page);            // presses the shortcut, like a toolbar click
 *   await popup.click('button');
 *   expect(await readClipboard()).toBe(url);
 *   await ext.close();
 *
 * Specs normally get `ext` from the fixtures in ./fixtures.ts, which also close it and save
 * screenshots when a test fails. Why this way: an extension popup only gets the activeTab grant
 * (and so the page's URL) when a user gesture opens it; `chrome.action.openPopup()` grants nothing.
 * Context menus and permission dialogs belong to the browser, not to any page that CDP can reach, so
 * they are driven with real mouse and key events (xdotool), as are the shortcut key presses.
 */
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser, type Page, type Target, type WebWorker } from 'puppeteer-core';
import { ensureExtensionBuilt, ROOT } from './build';
import {
  focusWindow,
  pressKeys,
  requireDisplay,
  sleep,
  visibleWindows,
  type WindowGeometry,
  waitForNewWindow,
  waitForWindowGone,
  xdotool,
} from './desktop';

export { EXT_PATH } from './build';
export {
  clearClipboard,
  readClipboard,
  readClipboardHtml,
  readClipboardPng,
  writeClipboard,
} from './desktop';

/** The Chromium binary; Debian's package installs it here. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Flags measured to work on this machine's closed network (no Google services to reach). */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
] as const;

/** Where screenshots go (gitignored). */
export const ARTIFACTS_DIR = join(ROOT, 'test', 'e2e', 'artifacts');

/** The action shortcut: the manifest suggests it, bindActionShortcut applies it. */
const ACTION_SHORTCUT = 'Alt+Shift+P';

const LAUNCH_TIMEOUT_MS = 30_000;
/** A CDP call that takes longer than this fails instead of waiting for puppeteer's 180 s default. */
const PROTOCOL_TIMEOUT_MS = 30_000;
const CLOSE_TIMEOUT_MS = 10_000;

/** A running Chromium with the extension loaded. */
export interface ExtensionBrowser {
  browser: Browser;
  extensionId: string;
  /** The unpacked extension's folder. */
  extPath: string;
  /** The profile; removed by close() unless it was given in LaunchOptions. */
  userDataDir: string;
  /** The extension's service worker, for `evaluate` (e.g. seeding `chrome.storage.local`). */
  serviceWorker(): Promise<WebWorker>;
  /** Opens an extension page (e.g. 'options.html') in a new tab and waits for it to load. */
  extensionPage(path: string): Promise<Page>;
  /** Binds the action's shortcut (done by launchBrowser unless `bindShortcut: false`). */
  bindActionShortcut(keybinding?: string): Promise<void>;
  /** Binds one of the manifest's `commands` (e.g. 'shorten-page') to a key, as chrome://extensions/shortcuts does. */
  bindCommand(commandName: string, keybinding: string): Promise<void>;
  /** Closes Chromium (killing it if it does not close in time) and deletes the profile. */
  close(): Promise<void>;
}

/** Options of launchBrowser. */
export interface LaunchOptions {
  /** Unpacked extension folder; default the WXT build, built first if missing. */
  extPath?: string;
  /** Bind ACTION_SHORTCUT so openPopup works; default true. */
  bindShortcut?: boolean;
  /** Extra Chromium flags. */
  args?: string[];
  /** Let puppeteer kill Chromium on Ctrl-C/SIGTERM (default true); false when the caller shuts down itself. */
  handleSignals?: boolean;
  /**
   * A profile directory to use, e.g. that of a browser closed before (a relaunch keeps the
   * extension's storage); the caller owns it, and close() leaves it. Default: a new throw-away one.
   */
  userDataDir?: string;
  /**
   * Chromium's UI language, hence the extension's (`de`, `fr`, `pt-BR`…); default `en`, whatever the
   * machine's locale, so that every run reads the same texts.
   */
  language?: string;
}

/**
 * The environment that makes Chromium use `language`: on Linux it ignores `--lang` and reads the
 * locale variables (LANGUAGE first, then LC_ALL, LC_MESSAGES, LANG), so these are set and LC_* cleared.
 */
export function languageEnv(language = 'en'): NodeJS.ProcessEnv {
  const [lang = 'en', region] = language.split(/[-_]/);
  const locale = `${lang}_${(region ?? (lang === 'en' ? 'US' : lang)).toUpperCase()}.UTF-8`;
  const env: NodeJS.ProcessEnv = { ...process.env, LANGUAGE: language.replace('-', '_'), LANG: locale };
  delete env.LC_ALL;
  delete env.LC_MESSAGES;
  return env;
}

/** Rejects with `message` if `promise` has not settled within `ms`. */
export async function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${message} (timed out after ${ms} ms)`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Launches headed Chromium with the extension, finds its id and (by default) binds the action shortcut. */
export async function launchBrowser(options: LaunchOptions = {}): Promise<ExtensionBrowser> {
  requireDisplay();
  const extPath = options.extPath ?? (await ensureExtensionBuilt());
  const ownProfile = options.userDataDir === undefined;
  const userDataDir = options.userDataDir ?? mkdtempSync(join(tmpdir(), 'shortlink-e2e-profile-'));
  const removeProfile = () =>
    ownProfile ? rm(userDataDir, { recursive: true, force: true, maxRetries: 3 }) : Promise.resolve();
  let browser: Browser;
  try {
    browser = await puppeteer.launch({
      executablePath: CHROMIUM_PATH,
      headless: false,
      pipe: true,
      enableExtensions: [extPath],
      // null keeps the real window size, so page coordinates map onto screen coordinates.
      defaultViewport: null,
      timeout: LAUNCH_TIMEOUT_MS,
      protocolTimeout: PROTOCOL_TIMEOUT_MS,
      handleSIGINT: options.handleSignals ?? true,
      handleSIGTERM: options.handleSignals ?? true,
      handleSIGHUP: options.handleSignals ?? true,
      env: languageEnv(options.language),
      args: [
        ...CHROMIUM_FLAGS,
        `--user-data-dir=${userDataDir}`,
        '--window-position=0,0',
        '--window-size=1280,800',
        ...(options.args ?? []),
      ],
    });
  } catch (error) {
    await removeProfile();
    throw new Error(`Chromium (${CHROMIUM_PATH}) did not start: ${(error as Error).message}`);
  }

  const close = async () => {
    const child = browser.process();
    await withTimeout(browser.close(), CLOSE_TIMEOUT_MS, 'Chromium did not close').catch(() => {
      child?.kill('SIGKILL');
    });
    await removeProfile();
  };

  try {
    const extensionId = await findExtensionId(browser, extPath);
    const ext: ExtensionBrowser = {
      browser,
      extensionId,
      extPath,
      userDataDir,
      serviceWorker: () => serviceWorker(browser, extensionId),
      extensionPage: (path) => extensionPage(browser, extensionId, path),
      bindActionShortcut: (keybinding) => bindActionShortcut(browser, extensionId, keybinding),
      bindCommand: (commandName, keybinding) => bindCommand(browser, extensionId, commandName, keybinding),
      close,
    };
    if (options.bindShortcut ?? true) await ext.bindActionShortcut();
    return ext;
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * The id of the unpacked extension, read off its service worker's URL. It also attaches to the
 * worker: Chromium stops an idle extension worker after 30 s, but not while DevTools is attached,
 * so serviceWorker() keeps working however long a test runs.
 */
async function findExtensionId(browser: Browser, extPath: string): Promise<string> {
  const manifest = JSON.parse(readFileSync(join(extPath, 'manifest.json'), 'utf8')) as {
    background?: { service_worker?: string };
  };
  const script = manifest.background?.service_worker;
  if (!script) throw new Error(`${extPath}/manifest.json declares no background service worker.`);
  const target = await browser
    .waitForTarget(
      (t) =>
        t.type() === 'service_worker' &&
        t.url().startsWith('chrome-extension://') &&
        t.url().endsWith(`/${script}`),
      { timeout: 15_000 },
    )
    .catch(() => {
      throw new Error(
        `The extension's service worker (${script}) did not start within 15 s: is ${extPath} a valid build? ` +
          'Check chrome://extensions for load errors.',
      );
    });
  await withTimeout(target.worker(), 10_000, 'Attaching to the service worker');
  return new URL(target.url()).host;
}

/**
 * Binds the extension's `_execute_action` command to `keybinding`. Suggested keys are not applied to
 * extensions loaded from the command line, so this does what a user does on chrome://extensions/shortcuts.
 */
function bindActionShortcut(
  browser: Browser,
  extensionId: string,
  keybinding = ACTION_SHORTCUT,
): Promise<void> {
  return bindCommand(browser, extensionId, '_execute_action', keybinding);
}

/**
 * Binds the extension's command `commandName` (a key of the manifest's `commands`) to `keybinding`,
 * in Chromium's spelling (`Alt+Shift+S`), through chrome://extensions like bindActionShortcut.
 */
export async function bindCommand(
  browser: Browser,
  extensionId: string,
  commandName: string,
  keybinding: string,
): Promise<void> {
  const page = await browser.newPage();
  try {
    await page.goto('chrome://extensions', { timeout: 15_000 });
    await withTimeout(
      page.evaluate(
        (id, name, key) =>
          new Promise<void>((resolve, reject) => {
            // chrome.developerPrivate exists only on chrome://extensions, so it is untyped here.
            const chromeApi = (globalThis as unknown as { chrome: DeveloperPrivateChrome }).chrome;
            chromeApi.developerPrivate.updateExtensionCommand(
              { extensionId: id, commandName: name, keybinding: key },
              () => {
                const error = chromeApi.runtime.lastError;
                if (error) reject(new Error(error.message));
                else resolve();
              },
            );
          }),
        extensionId,
        commandName,
        keybinding,
      ),
      10_000,
      `Binding ${keybinding} to the command ${commandName} of extension ${extensionId} on chrome://extensions`,
    );
  } finally {
    await page.close();
  }
}

interface DeveloperPrivateChrome {
  developerPrivate: {
    updateExtensionCommand(
      update: { extensionId: string; commandName: string; keybinding: string },
      callback: () => void,
    ): void;
  };
  runtime: { lastError?: { message: string } };
}

/** The extension's service worker. Throws if it is not running (e.g. Chromium stopped it when idle). */
export async function serviceWorker(browser: Browser, extensionId: string): Promise<WebWorker> {
  const target = await browser
    .waitForTarget(
      (t) => t.type() === 'service_worker' && t.url().startsWith(`chrome-extension://${extensionId}/`),
      {
        timeout: 10_000,
      },
    )
    .catch(() => {
      throw new Error(`The service worker of extension ${extensionId} is not running (waited 10 s).`);
    });
  const worker = await withTimeout(target.worker(), 10_000, 'Attaching to the service worker');
  if (!worker) throw new Error(`Target ${target.url()} is not a worker.`);
  return worker;
}

/** Opens `chrome-extension://<id>/<path>` in a new tab and waits until it has loaded. */
async function extensionPage(browser: Browser, extensionId: string, path: string): Promise<Page> {
  const page = await browser.newPage();
  const url = `chrome-extension://${extensionId}/${path.replace(/^\//, '')}`;
  const response = await page.goto(url, { waitUntil: 'load', timeout: 15_000 });
  if (response && !response.ok())
    throw new Error(`${url} answered ${response.status()}: is it in the build?`);
  return page;
}

/** Options of openPopup. */
export interface OpenPopupOptions {
  /** The bound shortcut in xdotool's spelling; default `alt+shift+p`. */
  keys?: string;
  /** How long to wait for the popup after each key press; default 5 s. */
  timeoutMs?: number;
}

/**
 * Opens the extension's real popup over `page` by pressing the action shortcut, as a user does, and
 * returns the popup's Page. The shortcut grants activeTab, so the popup sees `page`'s URL.
 */
export async function openPopup(page: Page, options: OpenPopupOptions = {}): Promise<Page> {
  const keys = options.keys ?? ACTION_SHORTCUT.toLowerCase();
  const timeoutMs = options.timeoutMs ?? 5_000;
  const browser = page.browser();
  const before = new Set(browser.targets().filter(isPopupTarget));

  await page.bringToFront();
  await focusBrowserWindow(page);
  // One retry: a key press that lands while the window is still taking focus is lost.
  for (let attempt = 1; attempt <= 2; attempt++) {
    await pressKeys(keys);
    const target = await browser
      .waitForTarget((t) => isPopupTarget(t) && !before.has(t), { timeout: timeoutMs })
      .catch(() => undefined);
    if (target) {
      const popup = await withTimeout(target.asPage(), 10_000, 'Attaching to the popup');
      await popup.waitForFunction(() => document.readyState === 'complete', { timeout: 10_000 });
      return popup;
    }
    if (attempt === 1) console.warn(`[e2e] the popup did not open on the first ${keys}; pressing it again`);
  }
  throw new Error(
    `The popup did not open after pressing ${keys} twice (waited ${timeoutMs} ms each). ` +
      'Is the shortcut bound (launchBrowser binds it unless bindShortcut: false) and the page visible?',
  );
}

/** True for the target of the extension's popup (popup.html, with or without a query). */
export function isPopupTarget(target: Target): boolean {
  const url = target.url();
  return url.startsWith('chrome-extension://') && new URL(url).pathname === '/popup.html';
}

/** True for the target of the extension's side panel page (in the panel, or opened in a tab). */
export function isSidePanelTarget(target: Target): boolean {
  const url = target.url();
  return url.startsWith('chrome-extension://') && new URL(url).pathname === '/sidepanel.html';
}

/**
 * Presses a keyboard shortcut (xdotool spelling, e.g. `alt+shift+s`) in the browser window showing
 * `page`, as a user does: the page is brought to the front and its window gets the input focus first.
 */
export async function pressShortcut(page: Page, keys: string): Promise<void> {
  await page.bringToFront();
  await focusBrowserWindow(page);
  await pressKeys(keys);
}

/**
 * Presses a shortcut in `page`'s window like pressShortcut, all keys of the chord at once, and
 * returns when Chromium received it: the time of the page's first keydown (epoch ms in the page's
 * clock, `performance.timeOrigin` + the event's time). The chord's modifiers reach the page even when
 * the browser takes the chord itself, so this times key presses that open a popup or run a command.
 */
export async function pressShortcutTimed(page: Page, keys: string): Promise<number> {
  await page.bringToFront();
  await focusBrowserWindow(page);
  await page.evaluate(() => {
    const w = globalThis as unknown as { shortcutKeyDown?: Promise<number> };
    w.shortcutKeyDown = new Promise((resolve) => {
      addEventListener('keydown', (event) => resolve(performance.timeOrigin + event.timeStamp), {
        once: true,
        capture: true,
      });
      setTimeout(() => resolve(Number.NaN), 5_000);
    });
  });
  // No delay between the chord's keys: its first key goes down at the same time as the one that triggers it.
  await xdotool('key', '--delay', '0', keys);
  const at = await page.evaluate(
    () => (globalThis as unknown as { shortcutKeyDown: Promise<number> }).shortcutKeyDown,
  );
  if (Number.isNaN(at))
    throw new Error(`${page.url()} saw no key of ${keys}: did its window have the focus?`);
  return at;
}

/** Gives the X input focus to the Chromium window showing `page`, so key presses reach it. */
export async function focusBrowserWindow(page: Page): Promise<void> {
  const pid = page.browser().process()?.pid;
  if (pid === undefined) return;
  const windows = (await xdotool('search', '--onlyvisible', '--pid', String(pid)).catch(() => ''))
    .split('\n')
    .filter(Boolean);
  const title = await page.title();
  let target = windows[0];
  if (windows.length > 1 && title) {
    for (const id of windows) {
      const name = await xdotool('getwindowname', id).catch(() => '');
      if (name.startsWith(title)) target = id;
    }
  }
  // Best effort: under a window manager that refuses focus changes the key press still usually lands.
  if (target) await focusWindow(target).catch(() => undefined);
}

/** A native context menu that is open on screen. */
export interface ContextMenu {
  /** Its X window. */
  windowId: string;
  /** Screen point that was right-clicked. */
  x: number;
  y: number;
}

/** Screen coordinates of the centre of the element matching `selector`, scrolled into view. */
export async function screenPointOf(page: Page, selector: string): Promise<{ x: number; y: number }> {
  const element = await page.waitForSelector(selector, { visible: true, timeout: 10_000 }).catch(() => {
    throw new Error(`No visible element matches ${selector} on ${page.url()}.`);
  });
  if (!element) throw new Error(`No element matches ${selector} on ${page.url()}.`);
  const point = await element.evaluate((el) => {
    el.scrollIntoView({ block: 'center', inline: 'center' });
    const box = el.getBoundingClientRect();
    // No window manager under Xvfb: the only browser chrome is above the page, borders are symmetric.
    const border = (window.outerWidth - window.innerWidth) / 2;
    const top = window.outerHeight - window.innerHeight - border;
    const scale = window.devicePixelRatio;
    return {
      x: Math.round((window.screenX + border + box.left + box.width / 2) * scale),
      y: Math.round((window.screenY + top + box.top + box.height / 2) * scale),
    };
  });
  await element.dispose();
  return point;
}

/** Shorter windows by the pointer are not a context menu (see rightClickAt). */
const MIN_MENU_HEIGHT = 80;

/** Right-clicks the element matching `selector` with the real mouse and waits for Chromium's context menu. */
export async function rightClickAt(page: Page, selector: string): Promise<ContextMenu> {
  await page.bringToFront();
  const { x, y } = await screenPointOf(page, selector);
  const before = await visibleWindows();
  await xdotool('mousemove', '--sync', String(x), String(y), 'click', '3');
  // The menu opens with a corner at the pointer; other new windows (a link's status bubble) are
  // elsewhere, and those that may show by the pointer (a link's tooltip) are one line high, where a
  // page's context menu has a dozen items. A window with a corner at the pointer is taken first: a
  // notification that shows meanwhile may also reach the pointer.
  const nearPointer = (w: WindowGeometry) =>
    x >= w.x - 10 &&
    x <= w.x + w.width + 10 &&
    y >= w.y - 10 &&
    y <= w.y + w.height + 10 &&
    w.height >= MIN_MENU_HEIGHT;
  const near = (a: number, b: number) => Math.abs(a - b) <= 12;
  const cornerAtPointer = (w: WindowGeometry) =>
    nearPointer(w) && (near(w.x, x) || near(w.x + w.width, x)) && (near(w.y, y) || near(w.y + w.height, y));
  const what = `The context menu after right-clicking ${selector} at (${x}, ${y})`;
  const windowId = await waitForNewWindow(before, what, { accept: cornerAtPointer, timeoutMs: 2_500 }).catch(
    () => waitForNewWindow(before, what, { accept: nearPointer, timeoutMs: 2_500 }),
  );
  return { windowId, x, y };
}

/**
 * Chooses a context-menu item with the keyboard. The default, Up Up Return, picks an extension's
 * single item (it sits just above "Inspect"). An extension with several items for the clicked
 * context gets one submenu there instead, named after it: Up Up Right Return picks its first item.
 * Pass the open menu to wait until it has closed.
 */
export async function pickContextMenuItem(
  keys: readonly string[] = ['Up', 'Up', 'Return'],
  menu?: ContextMenu,
): Promise<void> {
  await pressKeys(...keys);
  if (menu) await waitForWindowGone(menu.windowId, 'The context menu');
}

/** Closes an open context menu with Escape and waits until it is gone. */
export async function closeContextMenu(menu: ContextMenu): Promise<void> {
  await pressKeys('Escape');
  await waitForWindowGone(menu.windowId, 'The context menu (after Escape)');
}

/** Options of allowPermissionDialog and denyPermissionDialog. */
export interface PermissionDialogOptions {
  /**
   * The page that asks. When it has the keyboard focus, the dialog is known to have shown once it
   * takes that focus (`document.hasFocus()` turns false), and to be answered once the page has it
   * back: the keys are pressed then, and again until they are taken. Without it (a popup that closes
   * as the dialog opens) nothing tells, so the keys go after a fixed wait.
   */
  page?: Page;
  /**
   * How long to wait before pressing the first key: after the dialog took the focus, before Allow's
   * Tab (default 1 s), or without `page` after the trigger started (default 1.5 s).
   */
  settleMs?: number;
  /** How long the request may take to settle after the keys; also how long to wait for the dialog. */
  timeoutMs?: number;
}

/** How long a press of the answer may take to close the dialog before it is pressed again. */
const ANSWER_TAKEN_MS = 700;

/**
 * Runs `trigger`, waits for the permission dialog it opens, and answers it: `first` once (Tab, to
 * move to Allow), then `answer` until the dialog takes it. The dialog is drawn inside the browser
 * window (no X window of its own to wait for) and ignores keys for about half a second after it
 * shows (measured: 400 ms ignored, 600 ms taken), longer on a busy machine: so with `page` the
 * answer is pressed again until the page has the focus back (the dialog closed), and never after
 * that, where it would reach the page. Returns the trigger's promise, answered.
 */
async function answerPermissionDialog<T>(
  trigger: () => Promise<T>,
  first: string[],
  answer: string[],
  { page, settleMs, timeoutMs = 10_000 }: PermissionDialogOptions,
): Promise<T> {
  const focused = page ? await page.evaluate(() => document.hasFocus()) : false;
  // Not awaited here: the request settles only once the dialog is answered.
  const result = trigger();
  result.catch(() => undefined);
  if (page && focused) {
    await page
      .waitForFunction(() => !document.hasFocus(), { polling: 50, timeout: timeoutMs })
      .catch(() => {
        throw new Error(`No permission dialog took the focus from ${page.url()} within ${timeoutMs} ms.`);
      });
    // Tab too is dropped while the dialog guards itself, and a Return after a lost Tab would press
    // Deny: so Allow's Tab waits out that guard. Deny (Return alone) is pressed again until taken.
    if (first.length > 0) {
      await sleep(settleMs ?? 1_000);
      await pressKeys(...first);
    }
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      await pressKeys(...answer);
      const closed = await page
        .waitForFunction(() => document.hasFocus(), { polling: 50, timeout: ANSWER_TAKEN_MS })
        .then(() => true)
        .catch(() => false);
      if (closed) break;
      if (Date.now() > deadline) throw new Error(`The permission dialog did not take ${answer.join(' ')}.`);
    }
  } else {
    await sleep(settleMs ?? 1_500);
    await pressKeys(...first, ...answer);
  }
  return withTimeout(
    result,
    timeoutMs,
    `The permission request was not answered after ${[...first, ...answer].join(' ')}: did the dialog appear in time?`,
  );
}

/**
 * Runs `trigger`, which makes Chromium ask for a permission (e.g. clicks a button that calls
 * `chrome.permissions.request`) and resolves once the request is answered (e.g. waits for the page
 * to show the outcome), answers the dialog with Allow (Tab Return: Deny has the focus when it opens),
 * and returns what `trigger` resolved to. Pass `page`, the page that asks, to wait for the dialog.
 */
export function allowPermissionDialog<T>(
  trigger: () => Promise<T>,
  options: PermissionDialogOptions = {},
): Promise<T> {
  return answerPermissionDialog(trigger, ['Tab'], ['Return'], options);
}

/**
 * Like allowPermissionDialog, but answers the dialog with Deny: Return on the button that has the
 * focus when the dialog opens. Returns what `trigger` resolved to.
 */
export function denyPermissionDialog<T>(
  trigger: () => Promise<T>,
  options: PermissionDialogOptions = {},
): Promise<T> {
  return answerPermissionDialog(trigger, [], ['Return'], options);
}

/** Saves a PNG of `page` to test/e2e/artifacts/<name>.png and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const path = join(ARTIFACTS_DIR, `${name.replace(/[^\w.-]+/g, '-')}.png`) as `${string}.png`;
  // A tab in the background never paints, so its screenshot would wait forever.
  const hidden = await page.evaluate(() => document.visibilityState === 'hidden').catch(() => false);
  if (hidden) await page.bringToFront();
  await withTimeout(page.screenshot({ path }), 15_000, `Screenshot ${name}`);
  return path;
}
