/**
 * The first screen after a Shorten, at the popup's default size, in the languages whose texts run
 * longest beside English: the result on its lines, the form, "Shorten all tabs" and the first rows of
 * the recent list are all in view, and the popup does not scroll.
 */
import { describe, expect } from 'vitest';
import { test } from './fixtures';
import { screenshot } from './harness';
import { PopupPage } from './pages/popup';

describe.each(['en', 'de', 'fr'])('the popup after a Shorten, in %s', (language) => {
  test.override({ launchOptions: { language } });

  test('shows the result, the form, Shorten all tabs and the first recent links without scrolling', async ({
    configuredExt: ext,
    site,
  }) => {
    const popup = await PopupPage.over(ext, site.url('/'));
    await popup.shortenAndWait();
    await screenshot(popup.page, `popup-after-shorten-${language}`);
    const fit = await popup.page.evaluate(() => {
      const view = window.innerHeight;
      const bottom = (selector: string) =>
        document.querySelector(selector)?.getBoundingClientRect().bottom ?? -1;
      const copied = document.querySelector('.result .ok');
      const lineHeight = copied ? Number.parseFloat(getComputedStyle(copied).lineHeight) : 0;
      return {
        // The popup scrolls in its <main> (its header stays), or as a page.
        scrolls: [document.documentElement, document.querySelector('main')].some(
          (box) => box !== null && box.scrollHeight > box.clientHeight + 1,
        ),
        overflow:
          (document.querySelector('main')?.scrollHeight ?? 0) -
          (document.querySelector('main')?.clientHeight ?? 0),
        copiedLines: copied ? Math.round(copied.getBoundingClientRect().height / lineHeight) : 0,
        allTabsInView: bottom('.all-tabs') <= view && bottom('.all-tabs') > 0,
        firstRecentInView: bottom('.recent li') <= view && bottom('.recent li') > 0,
        view,
      };
    });
    expect(fit).toEqual({
      overflow: fit.overflow,
      scrolls: false,
      copiedLines: 1,
      allTabsInView: true,
      firstRecentInView: true,
      view: fit.view,
    });
  });
});
