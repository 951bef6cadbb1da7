/**
 * Accessibility of every page in real Chromium, light and dark: axe-core (WCAG 2.0/2.1 A and AA, and
 * its best practices) on the popup (with the address notice and its Undo, the result with "Copy as…" and its QR code,
 * an error, the "Shorten all tabs" report, and in German), Options (with an import preview) and every
 * section of the management page; the popup driven with the keyboard alone; and what the popup says to
 * screen readers; the side panel at its narrowest width, 320 px, the same way. Each page is also saved as test/e2e/artifacts/a11y-<page>-<theme>.png, to look at
 * what the contrast figures describe.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { describe, expect } from 'vitest';
import { defaultSettings, emptyDefaults, SETTINGS_VERSION } from '@/lib/settings/schema';
import { allTabsAskedItem, listJobItem } from '@/lib/storage/items';
import { allTabsRun } from '../fixtures/all-tabs-run';
import { ungrantedUrl } from './build';
import { configureExtension, E2E_PROFILE_ID } from './configure';
import { test } from './fixtures';
import { ARTIFACTS_DIR, screenshot } from './harness';
import { WAIT } from './pages/extension-page';
import { ManagePage } from './pages/manage';
import { OptionsPage } from './pages/options';
import { PopupPage } from './pages/popup';
import { SidePanelPage } from './pages/side-panel';

const THEMES = ['light', 'dark'] as const;
type Theme = (typeof THEMES)[number];

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The rule sets checked: WCAG 2.0 and 2.1 at levels A and AA, and axe's best practices. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/** One failed axe rule on one page, as a line a person can act on. */
type Finding = string;

/** Saves the whole of a tab's page (a popup: what its window shows) as test/e2e/artifacts/<name>.png. */
async function saveScreenshot(page: Page, name: string, fullPage: boolean): Promise<void> {
  if (!fullPage) {
    await screenshot(page, name);
    return;
  }
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  await page.bringToFront();
  await page.screenshot({ path: join(ARTIFACTS_DIR, `${name}.png`) as `${string}.png`, fullPage: true });
}

/**
 * Runs axe on `page` in each theme and returns its violations, one line per element. The page is
 * saved as a screenshot in each theme first (`fullPage` for tabs; a popup's window is its size).
 */
async function audit(page: Page, name: string, { fullPage = true } = {}): Promise<Finding[]> {
  const findings: Finding[] = [];
  // Evaluated through the DevTools protocol, so the page's script-src 'self' does not apply.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  for (const theme of THEMES) {
    await useTheme(page, theme);
    await saveScreenshot(page, `a11y-${name}-${theme}`, fullPage);
    const violations = await page.evaluate(async (tags) => {
      const axe = (window as unknown as { axe: AxeApi }).axe;
      const result = await axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      });
      return result.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.map((n) => `${n.target.join(' ')} — ${n.failureSummary?.replace(/\s+/g, ' ')}`),
      }));
    }, AXE_TAGS);
    for (const v of violations) {
      for (const node of v.nodes)
        findings.push(`${name} (${theme}): ${v.id} [${v.impact}] ${v.help}: ${node}`);
    }
  }
  return findings;
}

/** The part of axe-core's API used here (the script is injected into the page, not imported). */
interface AxeApi {
  run(
    context: Document,
    options: object,
  ): Promise<{
    violations: {
      id: string;
      impact?: string | null;
      help: string;
      nodes: { target: string[]; failureSummary?: string }[];
    }[];
  }>;
}

/** Makes `page` follow a system set to `theme`, and waits until it has painted in it. */
async function useTheme(page: Page, theme: Theme): Promise<void> {
  await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: theme }]);
  await page.evaluate(
    (dark) =>
      new Promise<void>((resolve, reject) => {
        if (matchMedia('(prefers-color-scheme: dark)').matches !== dark)
          reject(new Error('theme not applied'));
        requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
      }),
    theme === 'dark',
  );
}

/**
 * Makes the next popup of `popup`'s window show a finished "Shorten all tabs" run, as one does that
 * opens after the user allowed the permission and the background ran: the request's time and the
 * run's result in storage.session. The result has links not copied (so the list is shown to copy by
 * hand), a failure and skipped tabs: every part the report can show but the "copied" line.
 */
async function seedFinishedAllTabsRun(popup: Page, siteUrl: (path: string) => string): Promise<void> {
  const windowId = await popup.evaluate(async () => {
    const { chrome } = globalThis as unknown as {
      chrome: { windows: { getCurrent(): Promise<{ id: number }> } };
    };
    return (await chrome.windows.getCurrent()).id;
  });
  const now = Date.now();
  const [a = '', b = '', c = ''] = [siteUrl('/a'), siteUrl('/b'), siteUrl('/c')];
  const links = [
    { longUrl: a, shortUrl: 'https://sho.rt/a1', title: 'Page A', reused: false },
    { longUrl: b, shortUrl: 'https://sho.rt/b2', title: 'Page B', reused: true },
  ];
  const run = allTabsRun({
    windowId,
    startedAt: now,
    total: 3,
    done: 2,
    failed: 1,
    finished: true,
    result: {
      windowId,
      links,
      failures: [
        { longUrl: c, title: 'Page C', error: { kind: 'server', message: 'The server answered 500.' } },
      ],
      skipped: 2,
      text: links.map((link) => link.shortUrl).join('\n'),
      copied: false,
    },
  });
  await popup.evaluate(
    async (items) => {
      const { chrome } = globalThis as unknown as {
        chrome: { storage: { session: { set(items: object): Promise<void> } } };
      };
      await chrome.storage.session.set(items);
    },
    { [allTabsAskedItem.key]: now - 1000, [listJobItem.key]: run },
  );
}

/**
 * Writes a valid settings file to a new temporary folder and returns its path: the configured
 * profile (so the preview says it replaces it, with its key) and another one it would add.
 */
function settingsFile(serverUrl: string, apiKey: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'shortlink-a11y-'));
  const path = join(dir, 'shortlink-settings-2026-01-15.json');
  const file = {
    format: 'shortlink-settings',
    version: SETTINGS_VERSION,
    exportedAt: '2026-01-15T10:00:00.000Z',
    activeProfileId: E2E_PROFILE_ID,
    profiles: [
      { id: E2E_PROFILE_ID, name: 'Reference server', serverUrl, defaults: emptyDefaults() },
      {
        id: 'staging',
        name: 'Staging',
        serverUrl: 'https://staging.example.org',
        defaults: { ...emptyDefaults(), expiryDays: 30 },
      },
    ],
    behaviour: { ...defaultSettings().behaviour, stripTracking: true },
    apiKeys: { [E2E_PROFILE_ID]: apiKey },
  };
  writeFileSync(path, JSON.stringify(file, null, 2));
  return path;
}

/** A control in the popup as the keyboard test sees it. */
interface Stop {
  index: number;
  name: string;
  top: number;
  left: number;
}

/**
 * Every control Tab should reach, in document order, with where it is laid out (scrollers at their
 * start, sticky elements where they would be without sticking) and a name for messages. Only one radio button
 * per group is a Tab stop: the checked one, or the first.
 */
function tabStops(popup: Page): Promise<Stop[]> {
  return popup.evaluate(() => {
    const all = [...document.querySelectorAll<HTMLElement>('*')];
    // Positions in the layout, not on screen: every scroller back at its start and unfolded (a control
    // after a scrolling list comes after all of its rows), nothing stuck.
    for (const el of all) el.scrollTop = 0;
    const sticky = all.filter((el) => getComputedStyle(el).position === 'sticky');
    for (const el of sticky) el.style.position = 'static';
    const capped = all.filter((el) => getComputedStyle(el).maxHeight !== 'none');
    const scrolling = all.filter((el) => /auto|scroll/.test(getComputedStyle(el).overflowY));
    for (const el of capped) el.style.maxHeight = 'none';
    for (const el of scrolling) el.style.overflowY = 'visible';
    const candidates = [
      ...document.querySelectorAll<HTMLElement>(
        'a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"])',
      ),
    ].filter(
      // A control with tabindex="-1" stays in: Tab should reach it, and the test says it does not.
      (el) =>
        !(el as HTMLButtonElement).disabled &&
        el.getClientRects().length > 0 &&
        getComputedStyle(el).visibility !== 'hidden',
    );
    const radioStop = new Map<string, HTMLInputElement>();
    for (const el of candidates) {
      if (!(el instanceof HTMLInputElement) || el.type !== 'radio') continue;
      const current = radioStop.get(el.name);
      if (!current || (el.checked && !current.checked)) radioStop.set(el.name, el);
    }
    const stops = candidates.filter(
      (el) => !(el instanceof HTMLInputElement && el.type === 'radio' && radioStop.get(el.name) !== el),
    );
    const result = stops.map((el, index) => {
      el.dataset.tabStop = String(index);
      const rect = el.getBoundingClientRect();
      const label =
        el.getAttribute('aria-label') ||
        (el.id && document.querySelector(`label[for="${el.id}"]`)?.textContent) ||
        el.textContent ||
        (el as HTMLInputElement).placeholder ||
        '';
      return {
        index,
        name: `${el.tagName.toLowerCase()} "${label.trim().slice(0, 40)}"`,
        top: rect.top,
        left: rect.left,
      };
    });
    for (const el of sticky) el.style.position = '';
    for (const el of capped) el.style.maxHeight = '';
    for (const el of scrolling) el.style.overflowY = '';
    return result;
  });
}

/** What has the focus now: its tab-stop index (or -1), and whether it shows a focus indicator. */
function focused(popup: Page): Promise<{ index: number; visible: boolean; what: string }> {
  return popup.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { index: -1, visible: true, what: 'body' };
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
    return {
      index: el.dataset.tabStop === undefined ? -1 : Number(el.dataset.tabStop),
      visible: el.matches(':focus-visible') && (outline || style.boxShadow !== 'none'),
      what: el.outerHTML.slice(0, 80),
    };
  });
}

/**
 * Presses Tab until the focus comes back round. Returns the tab stops in the order the focus reached
 * them, from the first control on (a date field, whose parts are Tab stops of their own, once), and
 * those that showed no focus indicator.
 */
async function tabThrough(popup: Page, stops: Stop[]): Promise<{ order: number[]; invisible: string[] }> {
  const order: number[] = [];
  const invisible: string[] = [];
  // Date and time fields take several presses; four per control is far more than any needs.
  for (let press = 0; press < stops.length * 4 + 10; press++) {
    await popup.keyboard.press('Tab');
    const now = await focused(popup);
    if (now.index === -1) {
      if (now.what !== 'body') invisible.push(`not a known control: ${now.what}`);
      continue;
    }
    if (order.at(-1) === now.index) continue;
    if (order.length > 0 && now.index === order[0]) break;
    order.push(now.index);
    if (!now.visible) invisible.push(stops[now.index]!.name);
  }
  // The round started wherever the focus was: read it from the first control.
  const first = order.indexOf(0);
  return { order: first > 0 ? [...order.slice(first), ...order.slice(0, first)] : order, invisible };
}

/** Pairs of successive tab stops where the focus moves up, or leftwards along a row. */
function backwardMoves(stops: Stop[], order: number[]): string[] {
  const moves: string[] = [];
  for (let i = 1; i < order.length; i++) {
    const from = stops[order[i - 1]!]!;
    const to = stops[order[i]!]!;
    const sameRow = Math.abs(to.top - from.top) < 4;
    if (to.top < from.top - 4 || (sameRow && to.left < from.left)) moves.push(`${from.name} → ${to.name}`);
  }
  return moves;
}

/** Waits for the popup's notice that tracking parameters were removed, with its Undo button. */
async function urlNotice(popup: PopupPage): Promise<void> {
  await popup.waitForNoticeUndo();
  expect(await popup.value('longUrl')).not.toContain('utm_source');
}

/** Presses Shorten, waits for the short URL, then opens More options and waits until its lists have loaded. */
async function shortenAndOpenMoreOptions(popup: PopupPage): Promise<void> {
  await popup.shortenAndWait();
  await popup.openMoreOptions();
  await popup.waitForMoreOptionsLoaded();
}

describe('accessibility (axe, WCAG 2.1 AA and best practices, light and dark)', () => {
  // The popup opens on tracked addresses below: cleaned, they show the notice with its Undo.
  test.override({ configOverrides: { behaviour: { stripTracking: true } } });

  test('the popup: with the address notice, after a shorten with More options open, showing an error, and with a "Shorten all tabs" report', {
    timeout: 120_000,
  }, async ({ configuredExt: ext, referenceServer: server, site }) => {
    const popup = await PopupPage.over(ext, site.url('/?utm_source=x'), 'refreshed');
    await urlNotice(popup);
    const findings = await audit(popup.page, 'popup-url-notice', { fullPage: false });

    await popup.shortenAndWait();
    // The result box, checked with More options below, offers "Copy as…".
    await popup.waitForCopyAs();
    const shortUrl = await popup.shortUrl();
    // Screen readers hear the outcome: the polite status region names the short URL.
    await expect.poll(async () => (await popup.announcements()).status.join(' '), WAIT).toContain(shortUrl);
    // The result's QR code, with its size, margin and buttons, is checked with it.
    await popup.openQr();
    await popup.openMoreOptions();
    await popup.waitForMoreOptionsLoaded();
    findings.push(...(await audit(popup.page, 'popup-shortened-more-options', { fullPage: false })));

    server.setFault({ kind: 'error1', message: 'That alias is already taken.', match: '/api/url/add' });
    // Another address, so that no earlier link is offered instead of asking the server.
    await popup.set('longUrl', site.url('/elsewhere'));
    await popup.set('alias', 'taken');
    await popup.shorten();
    // Errors interrupt: an alert region carries the server's message.
    await expect
      .poll(async () => (await popup.announcements()).alert.join(' '), WAIT)
      .toContain('That alias is already taken.');
    findings.push(...(await audit(popup.page, 'popup-error', { fullPage: false })));

    // A popup opening after a finished "Shorten all tabs" run of its window shows the report.
    await seedFinishedAllTabsRun(popup.page, (path) => site.url(path));
    await popup.page.close();
    const next = await popup.reopen('opened');
    // Under the recent links: scrolled into the window, so that its screenshot shows it.
    await next.showAllTabsList();
    findings.push(...(await audit(next.page, 'popup-all-tabs-report', { fullPage: false })));

    expect(findings).toEqual([]);
  });

  test('the options page, empty and then configured', async ({ ext, referenceServer: server }) => {
    const empty = await OptionsPage.open(ext);
    await empty.waitUntilSettled();
    const findings = await audit(empty.page, 'options-empty');
    await empty.page.close();

    await configureExtension(await ext.serviceWorker(), { serverUrl: server.url, apiKey: server.apiKey });
    const configured = await OptionsPage.open(ext);
    await configured.waitUntilSettled();
    findings.push(...(await audit(configured.page, 'options-configured')));

    // A valid settings file chosen for import: its preview, with Import and Cancel.
    const file = settingsFile(server.url, server.apiKey);
    try {
      await configured.chooseImportFile(file);
    } finally {
      rmSync(join(file, '..'), { recursive: true, force: true });
    }
    findings.push(...(await audit(configured.page, 'options-import-preview')));

    expect(findings).toEqual([]);
  });

  test('every section of the management page', async ({ configuredExt: ext }) => {
    const routes = [
      'links',
      'links/1',
      'campaigns',
      'channels',
      'channels/1',
      'domains',
      'splash',
      'account',
    ];
    const findings: Finding[] = [];
    for (const route of routes) {
      const manage = await ManagePage.open(ext, route);
      await manage.waitUntilSettled('main h1');
      // Collapsed sections (the link editor's) are checked open, as a user who opens them sees them.
      await manage.unfoldAll();
      await manage.waitUntilSettled('main h1');
      findings.push(...(await audit(manage.page, `manage-${route.replace('/', '-')}`)));
      await manage.page.close();
    }
    expect(findings).toEqual([]);
  });
});

describe('accessibility of the popup in German (axe, light and dark)', () => {
  test.override({
    launchOptions: { language: 'de' },
    configOverrides: { behaviour: { stripTracking: true } },
  });

  test('says it is German, and has no violations with the address notice and after a shorten', async ({
    configuredExt: ext,
    site,
  }) => {
    const popup = await PopupPage.over(ext, site.url('/?utm_source=x'), 'refreshed');
    await urlNotice(popup);
    expect(await popup.language()).toBe('de');
    const findings = await audit(popup.page, 'popup-de-url-notice', { fullPage: false });
    await popup.shorten();
    await popup.waitForCopyAs();
    findings.push(...(await audit(popup.page, 'popup-de-shortened', { fullPage: false })));
    expect(findings).toEqual([]);
  });
});

describe('the popup with the keyboard alone', () => {
  test('Tab reaches every control in reading order, each with a visible focus indicator', async ({
    configuredExt: ext,
    site,
  }) => {
    const popup = await PopupPage.over(ext, site.url('/'), 'refreshed');
    for (const state of ['opened', 'after a shorten, with More options open']) {
      if (state !== 'opened') await shortenAndOpenMoreOptions(popup);
      const stops = await tabStops(popup.page);
      expect(stops.map((stop) => stop.name)).toEqual(
        expect.arrayContaining(['input "Long URL"', 'button "Shorten"', 'input "Search recent links"']),
      );
      const { order, invisible } = await tabThrough(popup.page, stops);
      expect(
        order.map((index) => stops[index]!.name),
        `Tab order (${state})`,
      ).toEqual(stops.map((stop) => stop.name));
      expect(backwardMoves(stops, order), `focus moving against reading order (${state})`).toEqual([]);
      expect(invisible, `controls without a focus indicator (${state})`).toEqual([]);
    }
  });
});

describe('the side panel at 320 px (axe, light and dark, and the keyboard alone)', () => {
  test('the real panel beside a page, asking to read another tab, after a shorten, and the management page in it', {
    timeout: 120_000,
  }, async ({ configuredExt: ext, site }) => {
    const popup = await PopupPage.over(ext, site.url('/'), 'refreshed');
    const panel = await SidePanelPage.openFrom(popup);
    await panel.page.setViewport({ width: 320, height: 800 });
    await panel.waitForRefresh();
    const findings = await audit(panel.page, 'sidepanel-320');

    const other = await ext.browser.newPage();
    // On localhost: the e2e build's host grant for 127.0.0.1 would let the panel read the tab.
    await other.goto(ungrantedUrl(site.url('/other')));
    await panel.waitForAllowTabs();
    findings.push(...(await audit(panel.page, 'sidepanel-320-tab-access')));

    await panel.set('longUrl', site.url('/pasted'));
    await panel.shortenAndWait();
    await panel.waitForCopyAs();
    findings.push(...(await audit(panel.page, 'sidepanel-320-shortened')));

    const manage = await panel.openManage();
    await manage.waitForSelector('main h1', WAIT);
    findings.push(...(await audit(manage, 'sidepanel-320-manage')));
    expect(findings).toEqual([]);
  });

  test('Tab reaches every control of the panel in reading order, each with a visible focus indicator', async ({
    configuredExt: ext,
  }) => {
    const panel = await SidePanelPage.inTab(ext, 320);
    await panel.waitForRefresh();
    const stops = await tabStops(panel.page);
    expect(stops.map((stop) => stop.name)).toEqual(
      expect.arrayContaining(['input "Long URL"', 'button "Shorten"', 'input "Search recent links"']),
    );
    const { order, invisible } = await tabThrough(panel.page, stops);
    expect(order.map((index) => stops[index]!.name)).toEqual(stops.map((stop) => stop.name));
    expect(backwardMoves(stops, order)).toEqual([]);
    expect(invisible).toEqual([]);
  });
});
