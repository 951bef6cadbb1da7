/**
 * The extension in the browser's language: Chromium started in German, in French and (the default of
 * every other spec) in English opens the real popup over a page, which must show its texts in that
 * language and say so in `<html lang>`; the service worker, which titles the context menu, reads the
 * same language. The expected texts come from locales/, so a translation can change without this test.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { ROOT } from './build';
import { test } from './fixtures';
import { screenshot } from './harness';
import { ManagePage } from './pages/manage';
import { PopupPage } from './pages/popup';

type Messages = Record<string, { message: string }>;

/** One area's messages of one language, as written in locales/. */
function messages(language: string, area: string): Messages {
  return JSON.parse(readFileSync(join(ROOT, 'locales', language, `${area}.json`), 'utf8')) as Messages;
}

const english = messages('en', 'popup');

describe.each(['de', 'fr', 'en'])('the extension with Chromium in %s', (language) => {
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
