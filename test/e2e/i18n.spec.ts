/**
 * The extension in the browser's language: Chromium started in German, French, Japanese, Arabic and
 * (the default of every other spec) English opens the real popup over a page, which must show its
 * texts in that language and say so in `<html lang>`; the service worker, which titles the context
 * menu, reads the same language. In Arabic the popup and Options lay out from the right (`<html
 * dir="rtl">`) with addresses still left to right; in Japanese from the left. The expected texts come
 * from locales/, so a translation can change without this test.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { ROOT } from './build';
import { test } from './fixtures';
import { screenshot } from './harness';
import type { Box } from './pages/extension-page';
import { ManagePage } from './pages/manage';
import { OptionsPage } from './pages/options';
import { PopupPage } from './pages/popup';

type Messages = Record<string, { message: string }>;

/** One area's messages of one language, as written in locales/. */
function messages(language: string, area: string): Messages {
  return JSON.parse(readFileSync(join(ROOT, 'locales', language, `${area}.json`), 'utf8')) as Messages;
}

const english = messages('en', 'popup');

describe.each(['de', 'fr', 'ja', 'ar', 'en'])('the extension with Chromium in %s', (language) => {
  test.override({ launchOptions: { language } });
  const popupText = messages(language, 'popup');
  const text = (key: string) => popupText[key]?.message ?? `(no ${key} in ${language})`;

  test('shows the popup in that language, with <html lang>, and titles menus in it', async ({
    configuredExt: ext,
    site,
  }) => {
    const popup = await PopupPage.over(ext, site.url('/'));

    expect(await popup.language()).toBe(language);
    const shown = await popup.labels();
    expect(shown).toEqual({
      submit: text('popup_shorten_button'),
      urlLabel: text('popup_long_url_label'),
      recent: text('popup_recent_heading'),
      allTabs: text('popup_all_tabs_button'),
    });
    // A translation that is the English text would pass the lines above without proving anything.
    if (language !== 'en') expect(shown.submit).not.toBe(english.popup_shorten_button?.message);
    await screenshot(popup.page, `popup-${language}`);

    // The worker titles the context-menu items with t(): it must read the same language.
    const worker = await ext.serviceWorker();
    const menuTitle = await worker.evaluate(() => {
      const { chrome } = globalThis as unknown as {
        chrome: { i18n: { getMessage(key: string): string; getUILanguage(): string } };
      };
      return { ui: chrome.i18n.getUILanguage(), title: chrome.i18n.getMessage('bg_menu_shorten_link') };
    });
    expect(menuTitle.ui.split('-')[0]).toBe(language);
    expect(menuTitle.title).toBe(messages(language, 'background').bg_menu_shorten_link?.message);
  });

  // Translations run longer than English; a wide table once pushed the whole page past the window.
  test('fits the management page into a phone-sized window, without scrolling sideways', async ({
    configuredExt: ext,
  }) => {
    const manage = await ManagePage.open(ext, 'links');
    await manage.usePhoneWidth();
    // Each route waits for its own view with its server data (a list row, an item, a form).
    for (const route of [
      'links',
      'links/new',
      'campaigns',
      'channels',
      'domains',
      'splash',
      'account',
    ] as const) {
      await manage.visit(route, ManagePage.loaded[route]);
      expect({ route, overflow: await manage.overflow() }).toEqual({ route, overflow: 0 });
    }
    if (language === 'de') await screenshot(manage.page, 'manage-narrow-de');
  });
});

describe.each([
  { language: 'ar', dir: 'rtl' },
  { language: 'ja', dir: 'ltr' },
])('the popup and Options with Chromium in $language read $dir', ({ language, dir }) => {
  test.override({ launchOptions: { language } });
  const rtl = dir === 'rtl';
  /**
   * True when the reader meets `a` before `b`: on a line above it, or on the same line right of it in
   * Arabic and left of it otherwise.
   */
  const readsFirst = (a: Box, b: Box) =>
    a.bottom <= b.top + 0.5 || (rtl ? a.left >= b.right - 0.5 : a.right <= b.left + 0.5);
  /** The edge a line starts from: the right one in Arabic. */
  const start = (box: Box) => (rtl ? box.right : box.left);

  test('the popup starts each line on the reader’s side and keeps addresses left to right', async ({
    configuredExt: ext,
    site,
  }) => {
    const popup = await PopupPage.over(ext, site.url('/'));
    expect({ lang: await popup.language(), dir: await popup.direction() }).toEqual({ lang: language, dir });
    await popup.shortenAndWait();
    const box = await popup.sides();
    expect(readsFirst(box.title, box.options), 'the title, then Options').toBe(true);
    expect(start(box.urlLabel)).toBeCloseTo(start(box.urlField), 0);
    expect(readsFirst(box.moreOptions, box.presets), 'More options, then One link per UTM preset').toBe(true);
    // The short URL's row as seen on screen: in Arabic its Copy button is on the left.
    if (rtl) expect(box.copy.right, 'Copy left of the short URL').toBeLessThanOrEqual(box.shortUrl.left);
    else expect(box.copy.left, 'Copy right of the short URL').toBeGreaterThanOrEqual(box.shortUrl.right);
    expect(await popup.addressDirections()).toEqual({ longUrl: 'ltr', shortUrl: 'ltr' });
    await screenshot(popup.page, `popup-shortened-${language}`);
  });

  test('Options starts each line on the reader’s side and keeps the server address left to right', async ({
    configuredExt: ext,
  }) => {
    const options = await OptionsPage.open(ext);
    await options.waitForServerForm();
    expect({ lang: await options.language(), dir: await options.direction() }).toEqual({
      lang: language,
      dir,
    });
    const box = await options.sides();
    expect(readsFirst(box.title, box.manager), 'the title, then the link to the management page').toBe(true);
    expect(start(box.urlLabel)).toBeCloseTo(start(box.urlField), 0);
    expect(start(box.save)).toBeCloseTo(start(box.urlField), 0);
    expect(await options.serverUrlDirection()).toBe('ltr');
    await screenshot(options.page, `options-${language}`);
  });
});
