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
import { openPopup, screenshot } from './harness';

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
    const page = await ext.browser.newPage();
    await page.goto(site.url('/'));
    const popup = await openPopup(page);
    await popup.waitForSelector('#long-url', { timeout: 10_000 });

    expect(await popup.evaluate(() => document.documentElement.lang)).toBe(language);
    const shown = await popup.evaluate(() => ({
      submit: document.querySelector('form.shorten button[type="submit"]')?.textContent,
      urlLabel: document.querySelector('label[for="long-url"]')?.textContent,
      recent: document.querySelector('#recent-heading')?.textContent,
      allTabs: document.querySelector('button.all-tabs')?.textContent,
    }));
    expect(shown).toEqual({
      submit: text('popup_shorten_button'),
      urlLabel: text('popup_long_url_label'),
      recent: text('popup_recent_heading'),
      allTabs: text('popup_all_tabs_button'),
    });
    // A translation that is the English text would pass the lines above without proving anything.
    if (language !== 'en') expect(shown.submit).not.toBe(english.popup_shorten_button?.message);
    await screenshot(popup, `popup-${language}`);

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
    const page = await ext.extensionPage('manage.html#/links');
    await page.setViewport({ width: 360, height: 800 });
    const overflow = () =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    // Each route waits for its own view with its server data (a list row, an item, a form).
    for (const [route, loaded] of [
      ['links', '[aria-labelledby="links-heading"] table.list tbody tr'],
      ['links/new', '[aria-labelledby="new-link-heading"] form.link-editor'],
      ['campaigns', '[aria-labelledby="campaigns-heading"] ul.items li'],
      ['channels', '[aria-labelledby="channels-heading"] ul.items li'],
      ['domains', '[aria-labelledby="domains-heading"] ul.items li'],
      ['splash', '[aria-labelledby="overlays-heading"] table.list tbody tr'],
      ['account', '[aria-labelledby="account-heading"] form'],
    ] as const) {
      await page.evaluate((hash) => {
        location.hash = hash;
      }, `#/${route}`);
      await page.waitForSelector(loaded, { timeout: 10_000 });
      expect({ route, overflow: await overflow() }).toEqual({ route, overflow: 0 });
    }
    if (language === 'de') await screenshot(page, 'manage-narrow-de');
  });
});
