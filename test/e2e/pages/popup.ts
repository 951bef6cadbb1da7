/**
 * The popup, opened for real over a tab with the action shortcut (so it gets the tab's URL, as when a
 * user clicks the toolbar button), and driven as a user drives it:
 *
 *   const popup = await PopupPage.over(ext, site.url('/'));
 *   await popup.fill('alias', 'spring');
 *   await popup.shorten();
 *   expect(await popup.shortUrl()).toBe(`${server.url}/spring`);
 */
import type { Browser, ElementHandle, Page } from 'puppeteer-core';
import { expect } from 'vitest';
import { writeClipboard, xdotool } from '../desktop';
import { type ExtensionBrowser, isPopupTarget, openPopup, screenPointOf } from '../harness';
import { COUNTDOWN, ExtensionPage, WAIT } from './extension-page';

/** The form's fields, by what a user calls them. */
const FIELDS = {
  longUrl: '#long-url',
  alias: '#alias',
  campaign: '#campaign',
  channel: '#channel',
  expiry: '#expiry',
} as const;

/** A field of the shorten form. */
type PopupField = keyof typeof FIELDS;

const SHORTEN = 'form.shorten button[type="submit"]';
// By the page's structure, not its words, so that they work in every language.
const SHORT_URL = 'section.result > .row:first-child input';
const COPY = 'section.result > .row:first-child button';
const COPY_AS = 'section.result select.copy-as';
const RESULT_MESSAGE = '.result .ok';
const NOTICE = '.notice';
const NOTICE_UNDO = 'p.notice button';
const DUPLICATE = 'section:has(> p.dup)';
const RECENT = '.recent';
const RECENT_ROWS = '.links li';
const RECENT_SEARCH = 'input[aria-label="Search recent links"]';
const MORE_TOGGLE = 'button.more-toggle';
const MORE_OPTIONS = '#more-options';
const MORE_OPTIONS_OPEN = '#more-options:not([hidden])';
const ALL_TABS = 'button.all-tabs';
const ALL_TABS_REPORT = '.card[role="status"]';
/** The seeded campaign "Newsletter" (id 2), which arrives with the refresh the popup starts on opening. */
const REFRESHED = '#campaign option[value="2"]';
const QR_TOGGLE = 'section.result button[aria-expanded]';
const QR_PANEL = '#result-qr';
const SEVERAL_URL = 'section.several .several-url';
/** Under the list once its run ended: copied (ok) or not (alert). */
const SEVERAL_DONE = 'section.several > .row.small';

/**
 * What to wait for once the popup has opened: its form, its form with the lists the refresh on
 * opening fetched, the "Connect your server first" screen, the "Shorten all tabs" button, or
 * nothing but its document.
 */
type PopupReady = 'form' | 'refreshed' | 'connect' | 'allTabs' | 'opened';

const READY: Record<PopupReady, string[]> = {
  form: [FIELDS.longUrl],
  refreshed: [FIELDS.longUrl, REFRESHED],
  connect: ['.connect'],
  allTabs: [ALL_TABS],
  opened: [],
};

/** True while the extension's popup is open in `browser`. */
export function popupIsOpen(browser: Browser): boolean {
  return browser.targets().some(isPopupTarget);
}

/** Waits until no popup of the extension is open (Chromium closes it, or the user clicked away). */
export async function waitUntilPopupClosed(browser: Browser): Promise<void> {
  await expect.poll(() => popupIsOpen(browser), { timeout: 5_000 }).toBe(false);
}

/** The real popup over a tab. */
export class PopupPage extends ExtensionPage {
  protected constructor(
    popup: Page,
    /** The tab the popup was opened over. */
    readonly tab: Page,
  ) {
    super(popup);
  }

  /** Opens a new tab on `url`, then the popup over it, and waits until it is `ready`. */
  static async over(ext: ExtensionBrowser, url: string, ready: PopupReady = 'form'): Promise<PopupPage> {
    const tab = await ext.browser.newPage();
    await tab.goto(url);
    return PopupPage.openOn(tab, ready);
  }

  /** Opens the popup over `tab` with the action shortcut and waits until it is `ready`. */
  static async openOn(tab: Page, ready: PopupReady = 'form'): Promise<PopupPage> {
    const popup = new PopupPage(await openPopup(tab), tab);
    for (const selector of READY[ready]) await popup.page.waitForSelector(selector, WAIT);
    return popup;
  }

  /** Opens the popup again over the same tab (this one should be closed by now). */
  reopen(ready: PopupReady = 'form'): Promise<PopupPage> {
    return PopupPage.openOn(this.tab, ready);
  }

  /** Closes the popup (as clicking elsewhere does) and waits until it is gone. */
  async close(): Promise<void> {
    await this.page.close();
    await waitUntilPopupClosed(this.tab.browser());
  }

  /**
   * Closes the popup as a click on the tab does (the popup loses focus), with the pointer coming
   * from inside the popup, as a user's does. `before` runs once the pointer has left the popup.
   */
  async clickAway(before?: () => Promise<void>): Promise<void> {
    const inside = await screenPointOf(this.page, FIELDS.longUrl);
    await xdotool('mousemove', '--sync', String(inside.x), String(inside.y));
    const { x, y } = await screenPointOf(this.tab, 'h1');
    await xdotool('mousemove', '--sync', String(x), String(y));
    await before?.();
    await xdotool('click', '1');
    await waitUntilPopupClosed(this.tab.browser());
  }

  /** Waits until the refresh the popup starts on opening has answered (its campaigns are choices). */
  async waitForRefresh(): Promise<void> {
    await this.page.waitForSelector(REFRESHED, WAIT);
  }

  /** The value of a field of the form. */
  value(field: PopupField): Promise<string> {
    return this.valueOf(FIELDS[field]);
  }

  /** Replaces the text of a field. */
  async set(field: PopupField, value: string): Promise<void> {
    await this.page.locator(FIELDS[field]).fill(value);
  }

  /** Types `text` into a field, after what it holds. */
  async type(field: PopupField, text: string): Promise<void> {
    await this.page.type(FIELDS[field], text);
  }

  /** Selects the whole text of a field with a triple click. */
  async selectAllOf(field: PopupField): Promise<void> {
    await this.page.click(FIELDS[field], { count: 3 });
  }

  /** Chooses `value` in the campaign or channel list. */
  async select(field: 'campaign' | 'channel', value: string): Promise<void> {
    await this.page.select(FIELDS[field], value);
  }

  /** Gives a field the keyboard focus. */
  async focus(field: PopupField): Promise<void> {
    await this.page.focus(FIELDS[field]);
  }

  /** Waits until a field is marked invalid and returns the error tied to it. */
  async waitForFieldError(field: PopupField): Promise<string> {
    await this.page.waitForSelector(`${FIELDS[field]}[aria-invalid="true"]`, { timeout: 5_000 });
    return this.page.$eval(`${FIELDS[field]}-error`, (el) => el.textContent ?? '');
  }

  /** How many campaigns the form offers ("none" included). */
  campaignChoices(): Promise<number> {
    return this.page.$$eval(`${FIELDS.campaign} option`, (options) => options.length);
  }

  /** Clicks Shorten. */
  async shorten(): Promise<void> {
    await this.page.click(SHORTEN);
  }

  /** Clicks Shorten and waits for the short URL. */
  async shortenAndWait(): Promise<void> {
    await this.shorten();
    await this.page.waitForSelector(SHORT_URL, WAIT);
  }

  /** True while Shorten can be clicked. */
  async canShorten(): Promise<boolean> {
    return this.page.$eval(SHORTEN, (b) => !(b as HTMLButtonElement).disabled);
  }

  /** Waits until Shorten says it waits for the rate limit (and, given `countdown`, the countdown matches it). */
  async waitForShortenWaiting(countdown?: RegExp): Promise<void> {
    await this.page.waitForFunction(
      (submit, timer, pattern) =>
        (pattern === null || new RegExp(pattern).test(document.querySelector(timer)?.textContent ?? '')) &&
        document.querySelector(submit)?.textContent === 'Waiting…',
      WAIT,
      SHORTEN,
      COUNTDOWN,
      countdown?.source ?? null,
    );
  }

  /** Waits for the created (or reused) short URL to be shown and returns it. */
  async shortUrl(): Promise<string> {
    await this.page.waitForSelector(SHORT_URL, WAIT);
    return this.valueOf(SHORT_URL);
  }

  /** Waits until the popup shows the short URL `expected`; fails saying what it shows instead. */
  async waitForShortUrl(expected: string, timeout = WAIT.timeout): Promise<void> {
    await this.page
      .waitForFunction(
        (selector, url) => document.querySelector<HTMLInputElement>(selector)?.value === url,
        { timeout },
        SHORT_URL,
        expected,
      )
      .catch(async () => {
        const shown = await this.page.$eval('main', (el) => el.textContent).catch(() => '');
        throw new Error(`The popup did not show ${expected}; it shows: ${shown}`);
      });
  }

  /** Clicks the short link's Copy button. */
  async copy(): Promise<void> {
    await this.page.click(COPY);
  }

  /** Waits until the result offers "Copy as…". */
  async waitForCopyAs(): Promise<void> {
    await this.page.waitForSelector(COPY_AS, WAIT);
  }

  /** Copies the short link once more, in `format` ("Copy as…"). */
  async copyAs(format: string): Promise<void> {
    await this.page.select(COPY_AS, format);
  }

  /** What the result says was copied ("✓ Copied as …"), or null. */
  resultMessage(): Promise<string | null> {
    return this.textOf(RESULT_MESSAGE);
  }

  /** The text of the alert's button ("Open Options"), or null when it has none. */
  alertButton(): Promise<string | null> {
    return this.textOf('[role="alert"] button');
  }

  /** The notice about the address (cleaned, canonical, can't be shortened), or null. */
  notice(): Promise<string | null> {
    return this.textOf(NOTICE);
  }

  /** Waits for the notice about the address and returns its text. */
  async waitForNotice(timeout = 5_000): Promise<string> {
    const notice = await this.page.waitForSelector(NOTICE, { timeout });
    return (await notice?.evaluate((el) => el.textContent ?? '')) ?? '';
  }

  /** Waits for the notice's Undo. */
  async waitForNoticeUndo(): Promise<void> {
    await this.page.waitForSelector(NOTICE_UNDO, WAIT);
  }

  /** Clicks the notice's Undo. */
  async undoNotice(): Promise<void> {
    await this.page.click(`${NOTICE} button`);
  }

  /** Waits for the offer to reuse the link made earlier for this page, and returns its text. */
  async waitForEarlierLink(): Promise<string> {
    const offer = await this.page.waitForSelector(DUPLICATE, WAIT);
    return (await offer?.evaluate((el) => el.textContent ?? '')) ?? '';
  }

  /** Takes the offered earlier link ("Copy existing"). */
  async copyExisting(): Promise<void> {
    await this.page.locator('button::-p-text(Copy existing)').click();
  }

  /** Declines the offered earlier link ("Create new anyway"). */
  async createNewAnyway(): Promise<void> {
    await this.page.locator('button::-p-text(Create new anyway)').click();
  }

  /** The rows of the Recent list, as their text. */
  recentRows(): Promise<string[]> {
    return this.page.$$eval(RECENT_ROWS, (items) => items.map((li) => li.textContent ?? ''));
  }

  /** Types into the search of the Recent list, after what it holds. */
  async searchRecent(text: string): Promise<void> {
    await this.page.type(RECENT_SEARCH, text);
  }

  /** The text of the Recent section. */
  recentText(): Promise<string | null> {
    return this.textOf(RECENT);
  }

  /** The heading of the popup. */
  heading(): Promise<string | null> {
    return this.textOf('h1');
  }

  /** Clicks "Open Options" (on the screen that asks to connect a server). */
  async openOptions(): Promise<void> {
    await this.page.locator('button::-p-text(Open Options)').click();
  }

  /** The texts of the shorten button, the Long URL label, the Recent heading and "Shorten all tabs". */
  labels(): Promise<{
    submit?: string | null;
    urlLabel?: string | null;
    recent?: string | null;
    allTabs?: string | null;
  }> {
    return this.page.evaluate(
      (submit, allTabs) => ({
        submit: document.querySelector(submit)?.textContent,
        urlLabel: document.querySelector('label[for="long-url"]')?.textContent,
        recent: document.querySelector('#recent-heading')?.textContent,
        allTabs: document.querySelector(allTabs)?.textContent,
      }),
      SHORTEN,
      ALL_TABS,
    );
  }

  /**
   * Where the popup draws what shows its direction: the title's text and the header's Options, the
   * Long URL label's text and its field, the short URL and its Copy button (after a shorten), and the
   * row of More options and One link per UTM preset.
   */
  sides() {
    return this.boxesOf({
      title: { selector: '.bar h1', text: true },
      options: { selector: '.bar > button:last-child' },
      urlLabel: { selector: 'label[for="long-url"]', text: true },
      urlField: { selector: FIELDS.longUrl },
      shortUrl: { selector: SHORT_URL },
      copy: { selector: COPY },
      moreOptions: { selector: MORE_TOGGLE },
      presets: { selector: '.preset-switch-row .checkbox' },
    });
  }

  /** The direction the Long URL field and the short URL lay their addresses out in. */
  async addressDirections(): Promise<{ longUrl: string; shortUrl: string }> {
    return { longUrl: await this.directionOf(FIELDS.longUrl), shortUrl: await this.directionOf(SHORT_URL) };
  }

  /** Whether More options' toggle says it is expanded ('true' or 'false'). */
  moreOptionsExpanded(): Promise<string | null> {
    return this.page.$eval(MORE_TOGGLE, (b) => b.getAttribute('aria-expanded'));
  }

  /** Clicks More options and waits until its panel shows. */
  async openMoreOptions(): Promise<void> {
    await this.page.click(MORE_TOGGLE);
    await this.waitForMoreOptions();
  }

  /** Waits until More options' panel shows. */
  async waitForMoreOptions(): Promise<void> {
    await this.page.waitForSelector(MORE_OPTIONS_OPEN, WAIT);
  }

  /** True while More options' panel shows. */
  moreOptionsShown(): Promise<boolean> {
    return this.has(MORE_OPTIONS_OPEN);
  }

  /** Waits until More options offers `value` in one of its lists (they load from the server). */
  async waitForMoreOptionsChoice(value: string): Promise<void> {
    await this.waitForOption(MORE_OPTIONS, value);
  }

  /** Waits until More options' lists have loaded: its heading is drawn and nothing is busy. */
  async waitForMoreOptionsLoaded(): Promise<void> {
    await this.waitUntilSettled(`${MORE_OPTIONS} h2`);
  }

  /** Replaces the text of More options' field labelled `label`. */
  async fillMore(label: string, value: string): Promise<void> {
    await this.fill(label, value, MORE_OPTIONS);
  }

  /** Chooses `value` in More options' list labelled `label`. */
  async chooseMore(label: string, value: string): Promise<void> {
    await this.choose(label, value, MORE_OPTIONS);
  }

  /** The value of More options' field labelled `label`. */
  moreValue(label: string): Promise<string> {
    return this.valueOfControl(label, MORE_OPTIONS);
  }

  /** Adds a geo target: visitors from `location` go to `link`. */
  async addGeoTarget(location: string, link: string): Promise<void> {
    await this.page.locator('button::-p-text(Add geo target)').click();
    await this.page.locator('#geotarget-0-location').fill(location);
    await this.page.locator('#geotarget-0-link').fill(link);
  }

  /** Fills the UTM preset's source, medium and campaign. */
  async useUtmPreset(source: string, medium: string, campaign: string): Promise<void> {
    await this.page.locator('button::-p-text(UTM preset)').click();
    await this.page.locator('#parameters-0-value').fill(source);
    await this.page.locator('#parameters-1-value').fill(medium);
    await this.page.locator('#parameters-2-value').fill(campaign);
  }

  /**
   * How the recent list sits in the popup as shown: the popup's height, whether it scrolls, how many
   * rows are wholly in view (inside the list's box and the window), and whether the header is.
   */
  recentLayout(): Promise<{ height: number; scrolls: boolean; rowsInView: number; headerInView: boolean }> {
    return this.page.evaluate((rowsSelector) => {
      const popup = document.querySelector('.popup')!;
      const list = document.querySelector('.links')!.getBoundingClientRect();
      const inView = (box: DOMRect, top: number, bottom: number) =>
        box.top >= top - 1 && box.bottom <= bottom + 1;
      const bottom = Math.min(list.bottom, window.innerHeight);
      const rows = [...document.querySelectorAll(rowsSelector)].filter((row) =>
        inView(row.getBoundingClientRect(), list.top, bottom),
      );
      return {
        height: window.innerHeight,
        scrolls: popup.scrollHeight > popup.clientHeight,
        rowsInView: rows.length,
        headerInView: inView(document.querySelector('.bar')!.getBoundingClientRect(), 0, window.innerHeight),
      };
    }, RECENT_ROWS);
  }

  /** Scrolls the popup to its top (`to: 'start'`) or its end. */
  async scrollTo(to: 'start' | 'end'): Promise<void> {
    await this.page.evaluate(
      (top) => document.querySelector('.popup')?.scrollTo(0, top),
      to === 'start' ? 0 : 10_000,
    );
  }

  /** Clicks "Shorten all tabs". */
  async shortenAllTabs(): Promise<void> {
    // The click asks for the `tabs` permission, and Chromium closes the popup as its dialog opens:
    // sometimes before the click's mouse-up is acknowledged. The click happened all the same.
    await this.page.click(ALL_TABS).catch((error: unknown) => {
      // puppeteer-core does not export the class of this error (TargetCloseError), only its name.
      if (!(error instanceof Error && error.name === 'TargetCloseError')) throw error;
    });
  }

  /** The "Shorten all tabs" report, or null. */
  allTabsReport(): Promise<string | null> {
    return this.textOf(ALL_TABS_REPORT);
  }

  /** Waits until the "Shorten all tabs" report matches `pattern`. */
  async waitForAllTabsReport(pattern: RegExp, timeout = 30_000): Promise<void> {
    await this.page.waitForFunction(
      (selector, source) => new RegExp(source).test(document.querySelector(selector)?.textContent ?? ''),
      { timeout },
      ALL_TABS_REPORT,
      pattern.source,
    );
  }

  /** Waits for the report's list of links to copy by hand and scrolls the report into the window. */
  async showAllTabsList(): Promise<void> {
    await this.page.waitForSelector(`main.popup ${ALL_TABS_REPORT} textarea`, WAIT);
    await this.waitForRefresh();
    await this.page.$eval(`main.popup ${ALL_TABS_REPORT}`, (el) => el.scrollIntoView({ block: 'end' }));
  }

  /** Shows the result's QR code and waits until it is drawn. */
  async openQr(): Promise<void> {
    await this.page.click(QR_TOGGLE);
    await this.page.waitForSelector(`${QR_PANEL} svg[role="img"]`, WAIT);
  }

  /** Chooses the QR image's size (px) and margin (modules). */
  async chooseQr(size: number, margin: number): Promise<void> {
    await this.choose('Image size', String(size), QR_PANEL);
    await this.fill('Margin (modules)', String(margin), QR_PANEL);
  }

  /** Brands the QR code: foreground and background colours (#rrggbb), and a logo from an image file. */
  async brandQr({ fg, bg, logo }: { fg: string; bg: string; logo?: string }): Promise<void> {
    for (const [index, colour] of [fg, bg].entries()) {
      await this.page.$$eval(
        `${QR_PANEL} input[type="color"]`,
        (inputs, at, value) => {
          const input = inputs[at] as HTMLInputElement;
          input.value = value;
          input.dispatchEvent(new Event('input', { bubbles: true }));
        },
        index,
        colour,
      );
    }
    if (logo) {
      const input = (await this.page.$(`${QR_PANEL} input[type="file"]`)) as ElementHandle<HTMLInputElement>;
      await input.uploadFile(logo);
      await this.page.waitForSelector(`${QR_PANEL} svg[role="img"] image`, WAIT);
    }
  }

  /** Presses the QR panel's Download PNG or Download SVG. */
  async downloadQr(format: 'png' | 'svg'): Promise<void> {
    await this.page.click(`${QR_PANEL} .actions button:nth-child(${format === 'png' ? 2 : 3})`);
  }

  /** Presses the QR panel's Copy image and returns what the panel then says (copied, or why not). */
  async copyQrImage(): Promise<string> {
    await this.page.click(`${QR_PANEL} .actions button:first-child`);
    const said = await this.page.waitForFunction(
      (panel) => {
        const root = document.querySelector(panel);
        const text = (selector: string) => root?.querySelector(selector)?.textContent?.trim();
        return text('[role="status"]') || text('[role="alert"]') || false;
      },
      WAIT,
      QR_PANEL,
    );
    return String(await said.jsonValue());
  }

  /** The text of the popup's live regions, which screen readers announce. */
  announcements(): Promise<{ status: string[]; alert: string[] }> {
    return this.page.evaluate(() => ({
      status: [...document.querySelectorAll('[role="status"]')].map((el) => el.textContent?.trim() ?? ''),
      alert: [...document.querySelectorAll('[role="alert"]')].map((el) => el.textContent?.trim() ?? ''),
    }));
  }
  /** Turns on "One link per UTM preset" and ticks the presets named. */
  async pickPresets(...names: string[]): Promise<void> {
    await this.page.click('.preset-switch-row > label.checkbox input');
    await this.page.waitForSelector('#preset-choices', WAIT);
    for (const name of names) {
      const box = await this.page.waitForFunction(
        (label) =>
          [...document.querySelectorAll('#preset-choices label')]
            .find((el) => el.textContent?.trim() === label)
            ?.querySelector('input') ?? false,
        WAIT,
        name,
      );
      await (box.asElement() as ElementHandle<HTMLInputElement>).click();
      await box.dispose();
    }
  }

  /** Waits for the short URL made for the preset `name` and returns it. */
  async presetShortUrl(name: string): Promise<string> {
    const selector = `input[aria-label="Short URL for ${name}"]`;
    await this.page.waitForSelector(selector, WAIT);
    return this.valueOf(selector);
  }

  /** Pastes `text` into the Long URL field from the system clipboard (Ctrl+V), as a user does. */
  async pasteIntoLongUrl(text: string): Promise<void> {
    await writeClipboard(text);
    await this.page.focus(FIELDS.longUrl);
    await this.page.keyboard.down('Control');
    await this.page.keyboard.press('KeyV', { commands: ['Paste'] });
    await this.page.keyboard.up('Control');
  }

  /** The URLs of the list several pasted URLs made of the form (waits for it). */
  async severalUrls(): Promise<string[]> {
    await this.page.waitForSelector(SEVERAL_URL, WAIT);
    return this.page.$$eval(SEVERAL_URL, (nodes) => nodes.map((node) => node.textContent ?? ''));
  }

  /** The Shorten button's text. */
  submitText(): Promise<string> {
    return this.page.$eval(SHORTEN, (button) => button.textContent ?? '');
  }

  /** Waits until the list's run has ended and returns what the list says under its rows. */
  async waitForSeveralDone(timeout = 30_000): Promise<string> {
    await this.page.waitForSelector(SEVERAL_DONE, { timeout });
    return this.page.$eval('section.several', (el) => el.textContent ?? '');
  }

  /** The short URL the list shows for the pasted `url`. */
  severalShortUrl(url: string): Promise<string> {
    return this.valueOf(`section.several input[aria-label="Short URL of ${url}"]`);
  }

  /** The text the single result shows (the short URL's box). */
  resultText(): Promise<string> {
    return this.page.$eval('section.result', (el) => el.textContent ?? '');
  }

  /** Opens the result's share links and clicks the one for `name` (X, LinkedIn, …). */
  async shareOn(name: string): Promise<void> {
    await this.page.click('section.result button.share-toggle');
    const link = `#result-share a[aria-label^="Share on ${name} "]`;
    await this.page.waitForSelector(link, WAIT);
    // The new tab takes the focus and the popup closes as the click ends: that is no failure.
    await this.page.click(link).catch((error: unknown) => {
      if (!this.page.isClosed()) throw error;
    });
  }
}
