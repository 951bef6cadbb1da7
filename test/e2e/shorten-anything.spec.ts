/**
 * Shortening what people paste (issue #23's proof), in Chromium against the reference server: a
 * pasted text holding several URLs makes exactly one link each, copied together, and goes on with
 * the popup closed; a Safe Links URL and a Google redirect are each shortened as the address they
 * carry; a server that answers a create with a link it already had is shown as doing so; a share
 * link opens the network's share form with the short URL in a new tab.
 */
import { describe, expect } from 'vitest';
import { createLink } from '../server/store';
import { test } from './fixtures';
import { clearClipboard, readClipboard, screenshot } from './harness';
import { samplePage } from './page-server';
import { PopupPage } from './pages/popup';
import { apiRequests } from './reference-server';

const ADD = 'POST /api/url/add';
const addedUrls = (server: Parameters<typeof apiRequests>[0]) =>
  apiRequests(server, ADD).map((request) => (request.body as { url: string }).url);

describe('several URLs pasted at once', () => {
  test('a pasted list of 3 URLs makes exactly 3 links, shown with their Copy and copied together', async ({
    configuredExt: ext,
    referenceServer: server,
    site,
  }) => {
    const urls = [site.url('/spring'), site.url('/summer?id=2'), site.url('/autumn')];
    const popup = await PopupPage.over(ext, site.url('/'), 'refreshed');
    await clearClipboard();
    // Words around them, one twice (with a trailing slash), separated by lines, commas and spaces.
    await popup.pasteIntoLongUrl(`Our posts:\n${urls[0]}, ${urls[1]}\n(${urls[2]}) and ${urls[0]}/ again.`);

    expect(await popup.severalUrls()).toEqual(urls);
    expect(await popup.submitText()).toBe('Shorten 3 links');
    await screenshot(popup.page, 'popup-several-urls');
    await popup.shorten();

    const done = await popup.waitForSeveralDone();
    expect(done).toContain('Copied 3 short links, one a line.');
    expect(addedUrls(server)).toEqual(urls);
    const shortUrls = await Promise.all(urls.map((url) => popup.severalShortUrl(url)));
    expect(new Set(shortUrls).size).toBe(3);
    await expect.poll(readClipboard, { timeout: 5_000 }).toBe(shortUrls.join('\n'));
    await screenshot(popup.page, 'popup-several-urls-done');
  });

  test('goes on with the popup closed, and copies the list at the end', async ({
    configuredExt: ext,
    referenceServer: server,
    site,
  }) => {
    const urls = [site.url('/one'), site.url('/two'), site.url('/three')];
    server.setFault({ kind: 'slow', delayMs: 800, match: ADD });
    const popup = await PopupPage.over(ext, site.url('/'), 'refreshed');
    await clearClipboard();
    await popup.pasteIntoLongUrl(urls.join(' '));
    await popup.shorten();
    await popup.close();

    await expect.poll(() => addedUrls(server), { timeout: 20_000 }).toEqual(urls);
    await expect
      .poll(readClipboard, { timeout: 10_000 })
      .toMatch(new RegExp(`^${server.url}/\\S+\\n${server.url}/\\S+\\n${server.url}/\\S+$`));
  });
});

describe('redirect wrappers', () => {
  test('a pasted Safe Links URL and a Google redirect are each shortened as their targets', async ({
    configuredExt: ext,
    referenceServer: server,
    site,
  }) => {
    const cases = [
      {
        wrapper: 'Outlook Safe Links',
        target: site.url('/report?id=7'),
        url: (target: string) =>
          `https://eur01.safelinks.protection.outlook.com/?url=${encodeURIComponent(target)}&data=05%7C02%7Cann%40example.com&sdata=abc&reserved=0`,
      },
      {
        wrapper: 'Google',
        target: site.url('/guide'),
        url: (target: string) =>
          `https://www.google.com/url?sa=t&rct=j&q=&url=${encodeURIComponent(target)}&usg=AOvVaw0`,
      },
    ];
    for (const { wrapper, target, url } of cases) {
      const popup = await PopupPage.over(ext, site.url('/'), 'refreshed');
      await popup.pasteIntoLongUrl(url(target));
      await expect.poll(() => popup.value('longUrl'), { timeout: 5_000 }).toBe(target);
      expect(await popup.notice()).toContain(`Unwrapped from ${wrapper}`);
      if (wrapper === 'Outlook Safe Links') await screenshot(popup.page, 'popup-unwrapped');
      await popup.shortenAndWait();
      expect(addedUrls(server).at(-1)).toBe(target);
      await popup.close();
    }
    expect(addedUrls(server)).toHaveLength(2);
  });
});

describe('honest results', () => {
  test('a server that answers with the existing link is shown as such', async ({
    configuredExt: ext,
    referenceServer: server,
    site,
  }) => {
    const page = site.url('/known');
    server.store.links.push(
      createLink({ id: 40, alias: 'known-before', longurl: page, date: '2026-01-05 10:00:00' }),
    );
    server.setFault({ kind: 'existing', match: ADD });
    const popup = await PopupPage.over(ext, page, 'refreshed');
    // The popup offers the link it knows; asking for a new one anyway, the server answers with it.
    await popup.waitForEarlierLink();
    await popup.createNewAnyway();

    expect(await popup.shortUrl()).toBe(`${server.url}/known-before`);
    expect(apiRequests(server, ADD)).toHaveLength(1);
    await expect.poll(() => popup.resultText()).toContain('Your server returned an existing link');
    await screenshot(popup.page, 'popup-existing-link');
  });
});

describe('share', () => {
  test('X’s share form opens in a new tab with the short URL and the page’s title', async ({
    configuredExt: ext,
    site,
  }) => {
    site.setPage('/launch', samplePage('Product launch'));
    const popup = await PopupPage.over(ext, site.url('/launch'), 'refreshed');
    await popup.shortenAndWait();
    const shortUrl = await popup.shortUrl();
    const opened = ext.browser.waitForTarget((target) => target.url().startsWith('https://x.com/'), {
      timeout: 10_000,
    });
    await popup.shareOn('X');

    const shared = new URL((await opened).url());
    expect(shared.pathname).toBe('/intent/tweet');
    expect(shared.searchParams.get('url')).toBe(shortUrl);
    expect(shared.searchParams.get('text')).toBe('Product launch');
  });
});
