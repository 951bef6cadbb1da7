/**
 * The side panel (entrypoints/sidepanel/): the popup's form for the active tab, driven with the
 * popup's own page object, opened for real from the popup's header:
 *
 *   const panel = await SidePanelPage.openFrom(await PopupPage.over(ext, site.url('/a')));
 *   await panel.waitForUrl(site.url('/a'));
 */
import type { Page } from 'puppeteer-core';
import { type ExtensionBrowser, isSidePanelTarget, withTimeout } from '../harness';
import { WAIT } from './extension-page';
import { PopupPage } from './popup';

const OPEN_BUTTON = 'header button[aria-label="Open in side panel"]';
const MANAGE = 'header a[href^="/manage.html"]';
const BACK = 'header a.back';
const ALLOW_TABS = '.notice button::-p-text(Allow)';

/** The side panel beside a tab, or its page opened in a tab of its own. */
export class SidePanelPage extends PopupPage {
  /** True when the popup offers "Open in side panel". */
  static async offeredBy(popup: PopupPage): Promise<boolean> {
    return (await popup.page.$(OPEN_BUTTON)) !== null;
  }

  /** Clicks the popup's "Open in side panel" and attaches to the real panel once its form shows. */
  static async openFrom(popup: PopupPage): Promise<SidePanelPage> {
    const browser = popup.page.browser();
    const before = new Set(browser.targets().filter(isSidePanelTarget));
    await popup.page.click(OPEN_BUTTON);
    const target = await browser.waitForTarget((t) => isSidePanelTarget(t) && !before.has(t), WAIT);
    const page = await withTimeout(target.asPage(), 10_000, 'Attaching to the side panel');
    await page.waitForSelector('#long-url', WAIT);
    return new SidePanelPage(page, popup.tab);
  }

  /** Opens sidepanel.html in a tab of its own, `width` CSS pixels wide (the panel's width), for what a tab allows (viewport, screenshots). */
  static async inTab(ext: ExtensionBrowser, width: number): Promise<SidePanelPage> {
    const page = await ext.extensionPage('sidepanel.html');
    await page.setViewport({ width, height: 800 });
    await page.waitForSelector('#long-url, .connect', WAIT);
    return new SidePanelPage(page, page);
  }

  /** Waits until the Long URL field holds `url` (the panel followed the tab); fails saying what it holds. */
  async waitForUrl(url: string): Promise<void> {
    await this.page
      .waitForFunction(
        (wanted) => document.querySelector<HTMLInputElement>('#long-url')?.value === wanted,
        WAIT,
        url,
      )
      .catch(async () => {
        throw new Error(
          `The side panel did not show ${url}; it shows ${await this.value('longUrl').catch(() => '?')}`,
        );
      });
  }

  /** Clicks "Allow" beside the notice that the tab's address cannot be read. */
  async allowTabs(): Promise<void> {
    await this.page.locator(ALLOW_TABS).click();
  }

  /** Waits for the notice's "Allow". */
  async waitForAllowTabs(): Promise<void> {
    await this.page.waitForSelector(ALLOW_TABS, WAIT);
  }

  /** Follows the header's Manage link, in the panel itself; waits for the management page. */
  async openManage(): Promise<Page> {
    await Promise.all([this.page.waitForNavigation(WAIT), this.page.locator(MANAGE).click()]);
    await this.page.waitForSelector(BACK, WAIT);
    return this.page;
  }

  /** Goes back from the management page to the form with its "← Shorten" link. */
  async backToShorten(): Promise<void> {
    await Promise.all([this.page.waitForNavigation(WAIT), this.page.click(BACK)]);
    await this.page.waitForSelector('#long-url', WAIT);
  }
}
