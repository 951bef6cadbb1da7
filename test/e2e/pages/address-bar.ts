/**
 * Chromium's address bar with the extension's keyword, driven as a person does: Ctrl+L, then `sl`,
 * a space (keyword mode), the words, and Down or Enter, all real key presses (xdotool).
 *
 *   const bar = await AddressBar.watch(page, worker);  // before the first key press
 *   await bar.type('https://example.org/');            // resolves once the extension answered it
 *   await bar.pick(2);                                 // Down twice, Enter
 */
import type { Page, WebWorker } from 'puppeteer-core';
import { pressKeys, xdotool } from '../desktop';
import { focusBrowserWindow } from '../harness';

/** The keyword the manifest declares. */
const KEYWORD = 'sl';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type WorkerGlobal = {
  chrome: { omnibox: { setDefaultSuggestion(suggestion: { description: string }): unknown } };
  __e2eOmniboxRows?: string[];
};

/** The address bar of `page`'s window. */
export class AddressBar {
  private constructor(
    private readonly page: Page,
    private readonly worker: WebWorker,
  ) {}

  /**
   * Records each first row the extension sets, to know when it has answered a keystroke. Call it before
   * the keyword is first used: the extension's browser.* wrapper takes the function at its first call.
   */
  static async watch(page: Page, worker: WebWorker): Promise<AddressBar> {
    await worker.evaluate(() => {
      const w = globalThis as unknown as WorkerGlobal;
      const omnibox = w.chrome.omnibox;
      const original = omnibox.setDefaultSuggestion.bind(omnibox);
      w.__e2eOmniboxRows = [];
      // Recorded once Chromium has accepted it: a description that is not well-formed XML is refused.
      omnibox.setDefaultSuggestion = (suggestion) =>
        Promise.resolve(original(suggestion)).then((result) => {
          w.__e2eOmniboxRows!.push(suggestion.description);
          return result;
        });
    });
    return new AddressBar(page, worker);
  }

  /** The first rows the extension has set so far, oldest first. */
  rows(): Promise<string[]> {
    return this.worker.evaluate(() => (globalThis as unknown as WorkerGlobal).__e2eOmniboxRows ?? []);
  }

  /**
   * Focuses the address bar and types the keyword, a space and `text`; with text, resolves once the
   * extension's first row says what Enter will do with it (`expectRow`, a part of that row).
   */
  async type(text: string, expectRow?: string): Promise<void> {
    await this.page.bringToFront();
    await focusBrowserWindow(this.page);
    const seen = (await this.rows()).length;
    await pressKeys('ctrl+l');
    await xdotool('type', '--delay', '40', `${KEYWORD} ${text}`);
    if (!expectRow) return;
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const rows = (await this.rows()).slice(seen);
      if (rows.some((row) => row.includes(expectRow))) {
        // The rows were handed to Chromium before that first row; let its popup draw them.
        await sleep(300);
        return;
      }
      await sleep(50);
    }
    throw new Error(`The address bar's first row never mentioned ${expectRow} after typing "${text}".`);
  }

  /**
   * Presses Enter on the first row (what it says Enter does), or Down `row` times first to pick a
   * suggestion; with `newTab`, Alt+Enter.
   */
  async pick(row = 0, { newTab = false } = {}): Promise<void> {
    await pressKeys(...Array.from({ length: row }, () => 'Down'), newTab ? 'alt+Return' : 'Return');
  }
}
