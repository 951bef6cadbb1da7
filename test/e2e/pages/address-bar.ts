/**
 * Chromium's address bar with the extension's keyword, driven as a person does: Ctrl+L, then `sl`,
 * a space (keyword mode), the words, and Down or Enter, all real key presses (xdotool).
 *
 *   const bar = await AddressBar.watch(page, worker);  // before the first key press
 *   await bar.type('https://example.org/');            // resolves with the extension's answer to it
 *   await bar.pick(2);                                 // Down twice, Enter
 */
import type { Page, WebWorker } from 'puppeteer-core';
import { pressKeys, screenColumn, xdotool } from '../desktop';
import { focusBrowserWindow } from '../harness';

/** The keyword the manifest declares. */
const KEYWORD = 'sl';
/**
 * Where the list's rows show their icons in the harness's 1280-pixel window (measured in Chromium
 * 156): the column through them, and the top of the first row under the text typed.
 */
const ICON_X = 140;
const LIST_TOP = 85;
const LIST_BOTTOM = 600;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The extension's answer to one text typed after the keyword, as Chromium accepted it. */
export interface OmniboxAnswer {
  /** The text after the keyword that this answer is for. */
  text: string;
  /** The first row (what Enter does), as the extension last set it before the rows. */
  first: string | undefined;
  /** The suggestions' contents, top to bottom. */
  rows: string[];
}

type Row = { content: string; description: string };
type WorkerGlobal = {
  chrome: {
    omnibox: {
      setDefaultSuggestion(suggestion: { description: string }): unknown;
      sendSuggestions(requestId: number, rows: Row[]): unknown;
      onInputChanged: { addListener(listener: (text: string) => void): void };
    };
  };
  __e2eOmnibox?: { text: string; first?: string; answers: OmniboxAnswer[] };
};

/** The address bar of `page`'s window. */
export class AddressBar {
  /** The extension's answer to the text last typed. */
  private answer: OmniboxAnswer | undefined;

  private constructor(
    private readonly page: Page,
    private readonly worker: WebWorker,
  ) {}

  /**
   * Records each answer the extension gives to a text typed, to know when it has answered a keystroke.
   * Call it before the keyword is first used: the extension's browser.* wrapper takes the functions at
   * their first call. An answer counts once Chromium has accepted its rows (it parses their markup and
   * refuses what is not well-formed XML): then they are in the address bar's list, and Down and Enter
   * act on them.
   */
  static async watch(page: Page, worker: WebWorker): Promise<AddressBar> {
    await worker.evaluate(() => {
      const w = globalThis as unknown as WorkerGlobal;
      const omnibox = w.chrome.omnibox;
      const state: NonNullable<WorkerGlobal['__e2eOmnibox']> = { text: '', answers: [] };
      w.__e2eOmnibox = state;
      omnibox.onInputChanged.addListener((text) => {
        state.text = text;
      });
      const setDefault = omnibox.setDefaultSuggestion.bind(omnibox);
      omnibox.setDefaultSuggestion = (suggestion) =>
        Promise.resolve(setDefault(suggestion)).then((result) => {
          state.first = suggestion.description;
          return result;
        });
      // Chromium's binding hands the rows of onInputChanged's callback to this function.
      const send = omnibox.sendSuggestions.bind(omnibox);
      omnibox.sendSuggestions = (requestId, rows) => {
        const answer = { text: state.text, first: state.first, rows: rows.map((row) => row.content) };
        return Promise.resolve(send(requestId, rows)).then((result) => {
          state.answers.push(answer);
          return result;
        });
      };
    });
    return new AddressBar(page, worker);
  }

  /** The answers the extension has given so far, oldest first. */
  answers(): Promise<OmniboxAnswer[]> {
    return this.worker.evaluate(() => (globalThis as unknown as WorkerGlobal).__e2eOmnibox?.answers ?? []);
  }

  /**
   * Focuses the address bar and types the keyword, a space and `text`, and resolves with the
   * extension's answer to that text once Chromium holds it; with `expectRow`, that answer's first row
   * must mention it (what Enter will do with the text).
   */
  async type(text: string, expectRow?: string): Promise<OmniboxAnswer> {
    await this.page.bringToFront();
    await focusBrowserWindow(this.page);
    const seen = (await this.answers()).length;
    await pressKeys('ctrl+l');
    await xdotool('type', '--delay', '40', `${KEYWORD} ${text}`);
    const deadline = Date.now() + 15_000;
    let answers: OmniboxAnswer[] = [];
    while (Date.now() < deadline) {
      answers = (await this.answers()).slice(seen);
      const answer = answers.findLast((a) => a.text.trim() === text.trim());
      if (answer && (!expectRow || answer.first?.includes(expectRow))) {
        this.answer = answer;
        return answer;
      }
      await sleep(50);
    }
    throw new Error(
      `The extension's answer to "${text}" ${expectRow ? `mentioning ${expectRow} ` : ''}never reached the ` +
        `address bar; its last answers: ${JSON.stringify(answers.slice(-3))}`,
    );
  }

  /**
   * Waits until the list under the address bar shows the first row and the suggestions of the last
   * answer. Chromium takes the extension's rows at once but parses their markup afterwards, in a
   * process of its own, and only then lists them: Down pressed before that moves over the rows of an
   * earlier keystroke, or none.
   */
  private async waitForRows(): Promise<void> {
    const { text, rows } = this.answer ?? { text: '', rows: [] };
    const deadline = Date.now() + 15_000;
    let shown = 0;
    while (Date.now() < deadline) {
      shown = await shownRows();
      if (shown === rows.length + 1) return;
      await sleep(100);
    }
    throw new Error(
      `The address bar's list showed ${shown} rows for "${text}", not the first row and the ${rows.length} suggestions sent.`,
    );
  }

  /**
   * Presses Enter on the first row (what it says Enter does), or Down `row` times first to pick a
   * suggestion of the last answer, once the list shows it; with `newTab`, Alt+Enter.
   */
  async pick(row = 0, { newTab = false } = {}): Promise<void> {
    // Enter on the first row hands over the text typed, whatever the list shows.
    if (row > 0) await this.waitForRows();
    await pressKeys(...Array.from({ length: row }, () => 'Down'), newTab ? 'alt+Return' : 'Return');
  }
}

/** How many rows the address bar's list shows: its icons, counted down their column on the screen. */
async function shownRows(): Promise<number> {
  const column = await screenColumn(ICON_X, LIST_TOP, LIST_BOTTOM);
  let icons = 0;
  let lastDark = Number.NEGATIVE_INFINITY;
  column.forEach((level, y) => {
    if (level >= 160) return;
    // An icon's strokes lie within a few pixels of each other; rows are 40 pixels apart.
    if (y - lastDark > 12) icons++;
    lastDark = y;
  });
  return icons;
}
