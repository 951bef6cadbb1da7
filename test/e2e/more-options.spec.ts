/**
 * The popup's "More options", opened for real over a page of the local site: its lists come from
 * the reference server only once it is opened, and what the user sets there
 * reaches POST /api/url/add as exactly those fields. Screenshots of the open panel, light and dark,
 * go to test/e2e/artifacts/.
 */
import { describe, expect } from 'vitest';
import { test } from './fixtures';
import { screenshot } from './harness';
import { PopupPage } from './pages/popup';
import { apiRequests } from './reference-server';

const DOMAIN = 'https://go.example.com';

describe('More options in the popup', () => {
  test('opens and sends password, domain, CTA overlay, geo target and UTM parameters', async ({
    configuredExt: ext,
    referenceServer: server,
    site,
  }) => {
    const pageUrl = site.url('/');
    const popup = await PopupPage.over(ext, pageUrl);
    expect(await popup.moreOptionsExpanded()).toBe('false');
    await popup.openMoreOptions();
    expect(await popup.moreOptionsExpanded()).toBe('true');
    // The choice lists come from the server once the panel opens.
    await popup.waitForMoreOptionsChoice(DOMAIN);
    await popup.waitForMoreOptionsChoice('overlay:1');

    await popup.fillMore('Password', 'open sesame');
    await popup.chooseMore('Domain', DOMAIN);
    await popup.chooseMore('Redirect type', 'overlay:1');
    await popup.addGeoTarget('Germany', 'https://example.com/de');
    await popup.useUtmPreset('newsletter', 'email', 'spring');

    for (const scheme of ['light', 'dark'] as const) {
      await popup.page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: scheme }]);
      await popup.scrollTo('start');
      await screenshot(popup.page, `more-options-${scheme}`);
      await popup.scrollTo('end');
      await screenshot(popup.page, `more-options-${scheme}-end`);
    }

    expect(apiRequests(server, 'POST /api/url/add')).toEqual([]);
    await popup.shorten();
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
    await popup.shortUrl();
  });
});
