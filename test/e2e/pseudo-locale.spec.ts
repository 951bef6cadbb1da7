/**
 * Nothing overflows in a language longer than any we ship: the real popup (380 px) and the side panel
 * at its narrowest (320 px) in the pseudo-locale (pseudo-locale.ts: every message about 40 % longer,
 * accented, in brackets) show no text cut, no sideways scroll and no controls on top of each other
 * (layout.ts), as they open, after a shorten, with More options open, offering a link made before,
 * showing an error, and (the panel) with the management page in it. German stays the longest real
 * language these pages are checked in (i18n.spec.ts, a11y.spec.ts).
 */
import { rmSync } from 'node:fs';
import { afterAll, describe, expect } from 'vitest';
import { EXT_PATH } from './build';
import { test } from './fixtures';
import { screenshot } from './harness';
import { layoutProblems } from './layout';
import type { ExtensionPage } from './pages/extension-page';
import { PopupPage } from './pages/popup';
import { SidePanelPage } from './pages/side-panel';
import { copyWithPseudoLocale, PSEUDO_LANGUAGE } from './pseudo-locale';

const extPath = copyWithPseudoLocale(EXT_PATH);
afterAll(() => rmSync(extPath, { recursive: true, force: true }));

/** Checks the page's layout as it is drawn now, naming the state in the failure, and keeps a screenshot. */
async function expectFits(page: ExtensionPage, state: string): Promise<void> {
  await screenshot(page.page, `pseudo-${state}`);
  expect({ state, problems: await layoutProblems(page.page) }).toEqual({ state, problems: [] });
}

/** True when `text` is a pseudo-locale message (the test would prove nothing in English). */
const isPseudo = (text: string | null | undefined) => /^\[.*\]$/.test(text ?? '');

describe('in the pseudo-locale, every text 40 % longer', () => {
  test.override({ launchOptions: { extPath, language: PSEUDO_LANGUAGE } });

  test('the popup, 380 px wide, fits every text in each of its states', { timeout: 90_000 }, async ({
    configuredExt: ext,
    site,
  }) => {
    const popup = await PopupPage.over(ext, site.url('/'), 'refreshed');
    expect(isPseudo((await popup.labels()).submit), 'Shorten is in the pseudo-locale').toBe(true);
    expect(await popup.page.evaluate(() => document.documentElement.clientWidth)).toBe(380);
    await expectFits(popup, 'popup-opened');

    await popup.shortenAndWait();
    await expectFits(popup, 'popup-shortened');
    await popup.openMoreOptions();
    await popup.waitForMoreOptionsLoaded();
    await expectFits(popup, 'popup-more-options');

    await popup.close();
    const again = await popup.reopen('refreshed');
    await again.waitForEarlierLink();
    await expectFits(again, 'popup-earlier-link');

    await again.set('longUrl', 'not a web address');
    await again.shorten();
    await again.waitForFieldError('longUrl');
    await expectFits(again, 'popup-error');
  });

  test('the side panel, 320 px wide, fits every text, and so does the management page in it', {
    timeout: 90_000,
  }, async ({ configuredExt: ext, site }) => {
    const panel = await SidePanelPage.inTab(ext, 320);
    expect(isPseudo((await panel.labels()).submit), 'Shorten is in the pseudo-locale').toBe(true);
    await expectFits(panel, 'panel-opened');

    // The page the panel opened in is its own: paste a URL instead, with the keyboard alone.
    await panel.focus('longUrl');
    await panel.typeKeys(site.url('/a-long-path/with/many/segments'));
    await panel.press('Enter');
    await panel.shortUrl();
    await expectFits(panel, 'panel-shortened');
    await panel.openMoreOptions();
    await panel.waitForMoreOptionsLoaded();
    await expectFits(panel, 'panel-more-options');

    const manage = await panel.openManage();
    await manage.waitForSelector('main table.list tbody tr', { timeout: 10_000 });
    await expectFits(panel, 'panel-manage');
  });
});
