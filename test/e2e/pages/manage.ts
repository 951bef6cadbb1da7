/**
 * The management page (manage.html) in a tab: its sections, their lists and forms. Controls are
 * found by their label and buttons by their text, inside a part of the page (`ManagePage.parts`, or
 * a list item from `item`), as a user finds them:
 *
 *   const manage = await ManagePage.open(ext, 'campaigns');
 *   await manage.fill('Name', 'Autumn', ManagePage.parts.newCampaign);
 *   await manage.pressButton('Create campaign', ManagePage.parts.newCampaign);
 */
import type { ElementHandle } from 'puppeteer-core';
import type { ExtensionBrowser } from '../harness';
import { COUNTDOWN, ExtensionPage, WAIT } from './extension-page';

const LIST_ROWS = 'table.list tbody tr';

/** The management page. */
export class ManagePage extends ExtensionPage {
  /** Parts of the page that hold a form or list, to look for controls in. */
  static readonly parts = {
    main: 'main',
    linkAssign: 'details.card',
    linkEditor: 'section[aria-labelledby="edit-heading"]',
    linkDetails: 'section[aria-labelledby="details-heading"]',
    linkStats: 'section[aria-labelledby="stats-heading"]',
    newCampaign: 'form[aria-labelledby="new-campaign-heading"]',
    newChannel: 'form.channel-form',
    channelItem: 'form[aria-labelledby="assign-item-heading"]',
    addDomain: 'form[aria-labelledby="add-domain-heading"]',
    email: 'form[aria-labelledby="email-heading"]',
    password: 'form[aria-labelledby="password-heading"]',
    splash: 'section[aria-labelledby="splash-heading"]',
    overlays: 'section[aria-labelledby="overlays-heading"]',
    campaignsStatus: '[aria-labelledby="campaigns-heading"] > [role="status"]',
    pager: '.pager',
    list: 'table.list tbody',
    bulkSummary: '#bulk-summary',
    bulkState: '#bulk-state',
    bulkCounts: '#bulk-counts',
    export: 'section[aria-labelledby="export-heading"]',
    selectionBar: 'section.selection-bar',
  } as const;

  /** What shows once each section has its server data (a list row, an item, a form). */
  static readonly loaded = {
    links: '[aria-labelledby="links-heading"] table.list tbody tr',
    'links/new': '[aria-labelledby="new-link-heading"] form.link-editor',
    link: '[aria-labelledby="link-heading"] form.link-editor',
    campaigns: '[aria-labelledby="campaigns-heading"] ul.items li',
    channels: '[aria-labelledby="channels-heading"] ul.items li',
    channel: '[aria-labelledby="channel-heading"] nav.pager',
    domains: '[aria-labelledby="domains-heading"] ul.items li',
    splash: '[aria-labelledby="overlays-heading"] table.list tbody tr',
    account: '[aria-labelledby="account-heading"] form',
    bulk: '#bulk-text, #bulk-counts',
  } as const;

  /** Opens manage.html at `route` (e.g. 'links') in a new tab. */
  static async open(ext: ExtensionBrowser, route: string): Promise<ManagePage> {
    return new ManagePage(await ext.extensionPage(`/manage.html#/${route}`));
  }

  /** Waits for the section's heading. */
  async waitForHeading(): Promise<void> {
    await this.page.waitForSelector('main h1', WAIT);
  }

  /** The section's heading. */
  heading(): Promise<string> {
    return this.text('main h1');
  }

  /** Follows the page's own navigation to a section, as a user does, and waits for its `heading`. */
  async goTo(section: string, heading: string): Promise<void> {
    await this.page.locator(`nav a::-p-text(${section})`).click();
    await this.waitForHeadingText(heading);
  }

  /** Waits until the section's heading reads `heading`. */
  async waitForHeadingText(heading: string): Promise<void> {
    await this.page.waitForFunction(
      (text) => document.querySelector('main h1')?.textContent === text,
      WAIT,
      heading,
    );
  }

  /** Goes to `route` through the address (as a link or bookmark does) and waits until `loaded` shows. */
  async visit(route: string, loaded: string): Promise<void> {
    await this.page.evaluate((hash) => {
      location.hash = hash;
    }, `#/${route}`);
    await this.page.waitForSelector(loaded, WAIT);
  }

  /** Waits until the address is `hash` (e.g. '#/links/1'). */
  async waitForRoute(hash: string | RegExp): Promise<void> {
    await this.page.waitForFunction(
      (source, exact) => (exact ? location.hash === source : new RegExp(source).test(location.hash)),
      WAIT,
      typeof hash === 'string' ? hash : hash.source,
      typeof hash === 'string',
    );
  }

  /** Control labelled `label` inside `scope`, the main part unless told. */
  override control(label: string, scope: string = ManagePage.parts.main): Promise<string> {
    return super.control(label, scope);
  }

  /** Clicks the checkbox or radio labelled `label` inside `scope`. */
  async check(label: string, scope?: string): Promise<void> {
    await this.page.click(await this.control(label, scope));
  }

  /** A selector for the list item whose heading reads `name`, once it shows. */
  async item(name: string): Promise<string> {
    const handle = await this.page.waitForFunction(
      (text) => {
        const li = [...document.querySelectorAll<HTMLElement>('li.item')].find(
          (el) => el.querySelector('h3')?.textContent?.trim() === text,
        );
        if (!li) return false;
        li.dataset.e2eItem ||= Math.random().toString(36).slice(2);
        return li.dataset.e2eItem;
      },
      WAIT,
      name,
    );
    return `li[data-e2e-item="${await handle.jsonValue()}"]`;
  }

  /** Waits until no list item's heading reads `name`. */
  async waitUntilNoItem(name: string): Promise<void> {
    await this.page.waitForFunction(
      (text) => ![...document.querySelectorAll('li.item h3')].some((h) => h.textContent === text),
      WAIT,
      name,
    );
  }

  /** The headings of the list items, in order. */
  itemNames(): Promise<(string | null)[]> {
    return this.page.$$eval('li.item h3', (hs) => hs.map((h) => h.textContent));
  }

  /** Clicks the enabled button inside `scope` whose text is exactly `text`. */
  async pressButton(text: string, scope: string = ManagePage.parts.main): Promise<void> {
    const handle = await this.page.waitForFunction(
      (root, label) =>
        [...(document.querySelector(root)?.querySelectorAll('button') ?? [])].find(
          (b) => b.textContent?.trim() === label && !b.disabled,
        ) ?? false,
      WAIT,
      scope,
      text,
    );
    const button = handle.asElement() as ElementHandle<HTMLButtonElement>;
    await button.click();
    await button.dispose();
  }

  /** Clicks the button inside `scope` named `name` (its aria-label: "Delete campaign “X”"). */
  async pressNamed(name: string, scope: string): Promise<void> {
    await this.page.click(`${scope} button[aria-label="${name}"]`);
  }

  /** Waits until the button named `name` inside `scope` shows again. */
  async waitForNamed(name: string, scope: string): Promise<void> {
    await this.page.waitForSelector(`${scope} button[aria-label="${name}"]`, WAIT);
  }

  /** The text of `scope` as a user reads it (cells and lines apart), whitespace collapsed. */
  text(scope: string = ManagePage.parts.main): Promise<string> {
    return this.page.$eval(scope, (el) =>
      // biome-ignore lint/performance/useDomNodeTextContent: textContent would run table cells together.
      (el as HTMLElement).innerText.replace(/\s+/g, ' '),
    );
  }

  /** The question a delete asks inside `scope`. */
  confirmQuestion(scope: string): Promise<string> {
    return this.text(`${scope} fieldset.confirm legend`);
  }

  /** The status message inside `scope`. */
  status(scope: string): Promise<string> {
    // The status line, not a busy button's announcement ("Saving…"), which is a status too.
    return this.text(`${scope} p[role="status"]`);
  }

  /** Waits until a button inside `scope` reads `text` (e.g. "Saving…" while its request runs). */
  async waitForButton(text: string, scope: string): Promise<void> {
    await this.page.waitForFunction(
      (root, wanted) =>
        [...(document.querySelector(root)?.querySelectorAll('button') ?? [])].some(
          (b) => b.textContent?.trim() === wanted,
        ),
      WAIT,
      scope,
      text,
    );
  }

  /** Waits until a status inside `scope` reads exactly `text`. */
  async waitForStatus(scope: string, text: string): Promise<void> {
    await this.page.waitForFunction(
      (root, wanted) =>
        [...document.querySelectorAll(`${root} [role="status"]`)].some((el) => el.textContent === wanted),
      WAIT,
      scope,
      text,
    );
  }

  /** Waits until the field error inside `scope` matches `pattern`. */
  async waitForFieldError(scope: string, pattern: RegExp): Promise<void> {
    await this.page.waitForFunction(
      (root, source) =>
        new RegExp(source).test(document.querySelector(`${root} .field-error`)?.textContent ?? ''),
      WAIT,
      scope,
      pattern.source,
    );
  }

  /** Waits for the first row of the list. */
  async waitForRows(): Promise<void> {
    await this.page.waitForSelector(LIST_ROWS, WAIT);
  }

  /** How many rows the list shows. */
  rowCount(): Promise<number> {
    return this.page.$$eval(LIST_ROWS, (rows) => rows.length);
  }

  /** Waits until the list shows `count` rows. */
  async waitForRowCount(count: number): Promise<void> {
    await this.page.waitForFunction(
      (rows, n) => document.querySelectorAll(rows).length === n,
      {},
      LIST_ROWS,
      count,
    );
  }

  /** Waits until the first row of the list contains `text`. */
  async waitForFirstRow(text: string): Promise<void> {
    await this.page.waitForFunction(
      (rows, wanted) => document.querySelector(rows)?.textContent?.includes(wanted),
      {},
      LIST_ROWS,
      text,
    );
  }

  /** Waits until the pager's text starts with `text`. */
  async waitForPager(text: string): Promise<void> {
    await this.page.waitForFunction(
      (wanted) => document.querySelector('.pager span')?.textContent?.startsWith(wanted),
      {},
      text,
    );
  }

  /**
   * Waits until the list has (re)loaded and shows rows, with no alert (`without: 'alert'`, after a
   * retry) or no countdown (`without: 'countdown'`, after a wait for the rate limit) on the page.
   */
  async waitForLoadedList(without: 'alert' | 'countdown', timeout = WAIT.timeout): Promise<void> {
    await this.page.waitForFunction(
      (absent) =>
        !document.querySelector(absent) &&
        document.querySelector('table.list:not([aria-busy="true"]) tbody tr'),
      { timeout },
      without === 'alert' ? '[role="alert"]' : COUNTDOWN,
    );
  }

  /** Waits until the links section shows and nothing is loading. */
  async waitForLinksLoaded(): Promise<void> {
    await this.page.waitForFunction(
      () => location.hash === '#/links' && !document.querySelector('.loading'),
      WAIT,
    );
  }

  /** Clicks Retry after a failed load. */
  async retry(): Promise<void> {
    await this.page.locator('button::-p-text(Retry)').click();
  }

  /** The link's QR code: its label, how many rects, and the length of its path. */
  qrCode(): Promise<{ label: string | null; rects: number; path: number }> {
    return this.page.$eval('svg.qr-image', (svg) => ({
      label: svg.getAttribute('aria-label'),
      rects: svg.querySelectorAll('rect').length,
      path: svg.querySelector('path')?.getAttribute('d')?.length ?? 0,
    }));
  }

  /** The texts of the QR code's buttons. */
  qrButtons(): Promise<(string | null)[]> {
    return this.page.$$eval('.qr button', (buttons) => buttons.map((b) => b.textContent));
  }

  /** Ticks the checkbox of the links list's row named `name` (its title or alias), with Shift held if `shift`. */
  async selectRow(name: string, shift = false): Promise<void> {
    const box = `${LIST_ROWS} input[type="checkbox"][aria-label="Select “${name}”"]`;
    await this.page.waitForSelector(box, WAIT);
    if (shift) await this.page.keyboard.down('Shift');
    await this.page.click(box);
    if (shift) await this.page.keyboard.up('Shift');
  }

  /** The names of the links list's rows whose checkbox is ticked, in the list's order. */
  selectedRows(): Promise<string[]> {
    return this.page.$$eval(`${LIST_ROWS} input[type="checkbox"]:checked`, (boxes) =>
      boxes.map((box) => (box.getAttribute('aria-label') ?? '').replace(/^Select “(.*)”$/, '$1')),
    );
  }

  /** Opens the link page's "Assign" panel. */
  async openAssignPanel(): Promise<void> {
    await this.page.locator(`${ManagePage.parts.linkAssign} summary`).click();
  }

  /** Opens the collapsed part inside `scope` whose summary reads `summary`. */
  async unfold(summary: string, scope: string): Promise<void> {
    await this.page.locator(`${scope} summary::-p-text(${summary})`).click();
  }

  /** Clicks the link of list item `item` that opens it. */
  async openItem(item: string): Promise<void> {
    await this.page.click(`${item} a.button`);
  }

  /** Where the heading link of list item `item` goes. */
  itemHref(item: string): Promise<string> {
    return this.page.$eval(`${item} h3 a`, (a) => a.getAttribute('href') ?? '');
  }

  /** Opens every collapsed part of the page. */
  async unfoldAll(): Promise<void> {
    await this.page.evaluate(() => {
      for (const details of document.querySelectorAll('details')) details.open = true;
    });
  }

  /** Focuses the Edit button of list item `item` and presses Enter; waits for its form. */
  async editWithKeyboard(item: string): Promise<void> {
    await this.page.focus(`${item} button[aria-expanded]`);
    await this.page.keyboard.press('Enter');
    await this.page.waitForSelector(`${item} form.edit-form`, WAIT);
  }

  /** Focuses the edit form's Save of list item `item` and presses Enter. */
  async saveWithKeyboard(item: string): Promise<void> {
    await this.page.focus(`${item} form.edit-form button[type="submit"]`);
    await this.page.keyboard.press('Enter');
  }

  /** Waits until the Edit button of list item `item` has the focus. */
  async waitForFocusOnEdit(item: string): Promise<void> {
    await this.page.waitForFunction(
      (li) => document.activeElement === document.querySelector(`${li} button[aria-expanded]`),
      WAIT,
      item,
    );
  }

  /** Deletes list item `item` with the keyboard: Delete, then Yes in the question. */
  async deleteWithKeyboard(item: string): Promise<void> {
    await this.page.focus(`${item} button.danger`);
    await this.page.keyboard.press('Enter');
    await this.page.waitForSelector(`${item} fieldset.confirm`, WAIT);
    await this.page.focus(`${item} fieldset.confirm button.danger`);
    await this.page.keyboard.press('Enter');
  }

  /** Waits until the keyboard focus is on the list item heading reading `name`. */
  async waitForFocusOnItemHeading(name: string | null | undefined): Promise<void> {
    await this.page.waitForFunction(
      (text) => document.activeElement?.tagName === 'H3' && document.activeElement.textContent === text,
      WAIT,
      name,
    );
  }

  /** Waits until the focused element is the page's failure message and it contains `text`. */
  async waitForFocusedFailure(text: string): Promise<void> {
    await this.page.waitForFunction(
      (wanted) =>
        document.activeElement?.matches('.failure') && document.activeElement.textContent?.includes(wanted),
      WAIT,
      text,
    );
  }

  /** Waits until the account box contains `text`. */
  async waitForAccount(text: string): Promise<void> {
    await this.page.waitForFunction(
      (wanted) => document.querySelector('.account')?.textContent?.includes(wanted),
      WAIT,
      text,
    );
  }

  /** The bulk job's counts as shown (made, reused, failed, left), once its progress shows. */
  async bulkCounts(): Promise<{ made: number; reused: number; failed: number; left: number }> {
    const text = await this.text(ManagePage.parts.bulkCounts);
    const [made = 0, reused = 0, failed = 0, left = 0] = (text.match(/\d+/g) ?? []).map(Number);
    return { made, reused, failed, left };
  }

  /** Whether the bulk page offers a new batch's input (it does not while a job is shown). */
  showsBulkInput(): Promise<boolean> {
    return this.has('#bulk-text');
  }

  /**
   * Waits until the bulk job's state line starts with `state` (e.g. 'Finished.'), for up to `timeout`
   * ms. Polled from here in short looks: a job waits minutes for the rate limit, longer than one
   * browser-side wait may take.
   */
  async waitForBulkState(state: string, timeout = WAIT.timeout): Promise<void> {
    const end = Date.now() + timeout;
    for (;;) {
      const text = await this.page
        .$eval(ManagePage.parts.bulkState, (el) => el.textContent ?? '')
        .catch(() => '');
      if (text.startsWith(state)) return;
      if (Date.now() > end) throw new Error(`The bulk job's state stayed “${text}”, never “${state}”.`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}
