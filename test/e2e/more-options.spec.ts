/**
 * The popup's "More options", opened for real over a page of the local site: its code loads only
 * when the user opens it, its lists come from the reference server, and what the user sets there
 * reaches POST /api/url/add as exactly those fields. Screenshots of the open panel, light and dark,
 * go to test/e2e/artifacts/.
 */
import type { Page } from 'puppeteer-core';
import { describe, expect } from 'vitest';
import { test } from './fixtures';
import { openPopup, screenshot } from './harness';
import { apiRequests } from './reference-server';

const DOMAIN = 'https://go.example.com';

/** The CSS selector of the control whose <label> reads exactly `label`. */
async function labelled(page: Page, label: string): Promise<string> {
  const id = await page.waitForFunction(
    (text) =>
      [...document.querySelectorAll('label')].find((l) => l.textContent?.trim() === text)?.htmlFor || false,
    { timeout: 10_000 },
    label,
  );
  return `[id="${await id.jsonValue()}"]`;
}

/**
 * The extension's script files `page` has parsed so far, kept up to date: the debugger reports every
 * script once it is enabled, those parsed before included.
 */
async function parsedScripts(page: Page): Promise<string[]> {
  const session = await page.createCDPSession();
  const scripts: string[] = [];
  session.on('Debugger.scriptParsed', ({ url }) => {
    if (url.startsWith('chrome-extension://')) scripts.push(new URL(url).pathname);
  });
  await session.send('Debugger.enable');
  return scripts;
}

describe('More options in the popup', () => {
  test('loads on demand and sends password, domain, CTA overlay, geo target and UTM parameters', async ({
    configuredExt: ext,
    referenceServer: server,
    site,
  }) => {
    const pageUrl = site.url('/');
    const page = await ext.browser.newPage();
    await page.goto(pageUrl);
    const popup = await openPopup(page);
    await popup.waitForSelector('#long-url', { timeout: 10_000 });
    const toggle = 'button.more-toggle';
    expect(await popup.$eval(toggle, (b) => b.getAttribute('aria-expanded'))).toBe('false');
    const scripts = await parsedScripts(popup);
    expect(scripts).toContainEqual(expect.stringMatching(/^\/chunks\/popup-.*\.js$/));
    expect(scripts).not.toContainEqual(expect.stringMatching(/more-options/));

    await popup.click(toggle);
    await popup.waitForSelector('#more-options:not([hidden])', { timeout: 10_000 });
    expect(scripts).toContainEqual(expect.stringMatching(/^\/chunks\/more-options-.*\.js$/));
    expect(await popup.$eval(toggle, (b) => b.getAttribute('aria-expanded'))).toBe('true');
    // The choice lists come from the server once the panel opens.
    await popup.waitForSelector(`option[value="${DOMAIN}"]`, { timeout: 10_000 });
    await popup.waitForSelector('option[value="overlay:1"]', { timeout: 10_000 });

    await popup.locator(await labelled(popup, 'Password')).fill('open sesame');
    await popup.select(await labelled(popup, 'Domain'), DOMAIN);
    await popup.select(await labelled(popup, 'Redirect type'), 'overlay:1');
    await popup.locator('button::-p-text(Add geo target)').click();
    await popup.locator('#geotarget-0-location').fill('Germany');
    await popup.locator('#geotarget-0-link').fill('https://example.com/de');
    await popup.locator('button::-p-text(UTM preset)').click();
    await popup.locator('#parameters-0-value').fill('newsletter');
    await popup.locator('#parameters-1-value').fill('email');
    await popup.locator('#parameters-2-value').fill('spring');

    for (const scheme of ['light', 'dark'] as const) {
      await popup.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: scheme }]);
      await popup.evaluate(() => document.querySelector('.popup')?.scrollTo(0, 0));
      await screenshot(popup, `more-options-${scheme}`);
      await popup.evaluate(() => document.querySelector('.popup')?.scrollTo(0, 10_000));
      await screenshot(popup, `more-options-${scheme}-end`);
    }

    expect(apiRequests(server, 'POST /api/url/add')).toEqual([]);
    await popup.click('button[type="submit"]');
    await expect.poll(() => apiRequests(server, 'POST /api/url/add').length, { timeout: 10_000 }).toBe(1);
    expect(apiRequests(server, 'POST /api/url/add')[0]?.body).toEqual({
      url: pageUrl,
      // The profile's default visibility: the popup always sends it, as it did before More options.
      status: 'private',
      password: 'open sesame',
      domain: DOMAIN,
      type: '1',
      geotarget: [{ location: 'Germany', link: 'https://example.com/de' }],
      parameters: [
        { name: 'utm_source', value: 'newsletter' },
        { name: 'utm_medium', value: 'email' },
        { name: 'utm_campaign', value: 'spring' },
      ],
    });
    await popup.waitForSelector('input[aria-label="Short URL"]', { timeout: 10_000 });
  });
});
