/**
 * The Options page in a tab: the server form (URL, key, Save), the account it shows, the profiles,
 * the behaviour switches, the local copy of every link, and settings export and import.
 *
 *   const options = await OptionsPage.open(ext);
 *   await options.enterServer(server.url, server.apiKey);
 *   await allowPermissionDialog(() => options.save(), { page: options.page });
 */
import type { ElementHandle } from 'puppeteer-core';
import type { ExtensionBrowser } from '../harness';
import { ExtensionPage, WAIT } from './extension-page';

/** The server form's fields. */
const FIELDS = { serverUrl: '#server-url', apiKey: '#api-key' } as const;

/** A field of the server form. */
type OptionsField = keyof typeof FIELDS;

const SAVE = 'button[type="submit"]::-p-text(Save)';
const ACCOUNT = 'section[aria-label="Account"]';
const NO_ACCESS = '.profiles .badge.warn';
const IMPORT_FILE = '#import-file';
const IMPORT_PREVIEW = '.preview';
const INCLUDE_KEYS = '#export-include-keys';
const COPY_FORMAT = '#behaviour-copy-format';
const STRIP_TRACKING = '#behaviour-strip-tracking';
const MIRROR = 'section[aria-labelledby="mirror-heading"]';
const MARK_PAGES = '#mark-pages';

/** The Options page. */
export class OptionsPage extends ExtensionPage {
  /** Opens Options in a new tab. */
  static async open(ext: ExtensionBrowser): Promise<OptionsPage> {
    return new OptionsPage(await ext.extensionPage('options.html'));
  }

  /**
   * Where Options draws what shows its direction: the title's text and the link to the management
   * page beside it, the Server URL label's text, its field, and the form's Save button.
   */
  sides() {
    return this.boxesOf({
      title: { selector: 'main > header h1', text: true },
      manager: { selector: 'main > header a' },
      urlLabel: { selector: `label[for="${FIELDS.serverUrl.slice(1)}"]`, text: true },
      urlField: { selector: FIELDS.serverUrl },
      save: { selector: '#profile-save' },
    });
  }

  /** The direction the Server URL field lays its address out in. */
  serverUrlDirection(): Promise<string> {
    return this.directionOf(FIELDS.serverUrl);
  }

  /** Waits until the server form shows. */
  async waitForServerForm(): Promise<void> {
    await this.page.waitForSelector(FIELDS.serverUrl, WAIT);
  }

  /** Waits for the server form and types the server URL and API key into it. */
  async enterServer(serverUrl: string, apiKey: string): Promise<void> {
    await this.page.waitForSelector(FIELDS.serverUrl, WAIT);
    await this.type('serverUrl', serverUrl);
    await this.type('apiKey', apiKey);
  }

  /** Types `text` into a field, after what it holds. */
  async type(field: OptionsField, text: string): Promise<void> {
    await this.page.type(FIELDS[field], text);
  }

  /** Replaces the text of a field. */
  async set(field: OptionsField, value: string): Promise<void> {
    await this.page.locator(FIELDS[field]).fill(value);
  }

  /** The value of a field. */
  value(field: OptionsField): Promise<string> {
    return this.valueOf(FIELDS[field]);
  }

  /** The attribute `name` of a field (null when not set). */
  attribute(field: OptionsField, name: string): Promise<string | null> {
    return this.page.$eval(FIELDS[field], (el, attribute) => el.getAttribute(attribute), name);
  }

  /** The error shown at a field, or null. */
  fieldError(field: OptionsField): Promise<string | null> {
    return this.textOf(`${FIELDS[field]}-error`);
  }

  /** Clicks Save. */
  async pressSave(): Promise<void> {
    await this.page.locator(SAVE).click();
  }

  /** Clicks Save and resolves once the page shows an outcome: the account, an alert or a field's error. */
  async save(): Promise<void> {
    await this.pressSave();
    await this.page.waitForSelector(`${ACCOUNT}, [role="alert"], .field-error`, { timeout: 15_000 });
  }

  /** Waits for the account the saved key belongs to, and returns its text. */
  async account(timeout = 15_000): Promise<string> {
    await this.page.waitForSelector(ACCOUNT, { timeout });
    return (await this.textOf(ACCOUNT)) ?? '';
  }

  /** True when the page shows an account. */
  hasAccount(): Promise<boolean> {
    return this.has(ACCOUNT);
  }

  /** Clicks "Add profile". */
  async addProfile(): Promise<void> {
    await this.page.locator('button::-p-text(Add profile)').click();
  }

  /** Waits until a profile shows "No access". */
  async waitForNoAccess(): Promise<void> {
    await this.page.waitForSelector(NO_ACCESS, WAIT);
  }

  /** Waits until no profile shows "No access". */
  async waitUntilAllAccessible(timeout = WAIT.timeout): Promise<void> {
    await this.page.waitForFunction((badge) => !document.querySelector(badge), { timeout }, NO_ACCESS);
  }

  /** The text of the profile list. */
  async profilesText(): Promise<string> {
    return (await this.textOf('.profiles')) ?? '';
  }

  /** True when the row of profile `id` has a primary action (Grant access). */
  hasPrimaryAction(id: string): Promise<boolean> {
    return this.has(`#profile-row-${id} button.primary`);
  }

  /** Waits until the row of profile `id` shows Use and its primary action. */
  async waitForProfileActions(id: string): Promise<void> {
    await this.page.waitForSelector(`#profile-use-${id}`, WAIT);
    await this.page.waitForSelector(`#profile-row-${id} button.primary`, WAIT);
  }

  /** Clicks Delete on profile `id` and waits for the question whether to. */
  async askToDeleteProfile(id: string): Promise<void> {
    await this.page.locator(`#profile-delete-${id}`).click();
    await this.page.waitForSelector('.profiles fieldset.confirm', { timeout: 5_000 });
  }

  /** Waits until the keyboard focus is back on Delete of profile `id`. */
  async waitForFocusOnDelete(id: string): Promise<void> {
    await this.page.waitForFunction(
      (wanted) => document.activeElement?.id === wanted,
      { timeout: 5_000 },
      `profile-delete-${id}`,
    );
  }

  /** Controls that stick out of the window's right edge (the start of their markup). */
  controlsOutsideWindow(): Promise<string[]> {
    return this.page.evaluate(() =>
      [...document.querySelectorAll('button, a, input, select')]
        .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth)
        .map((el) => el.outerHTML.slice(0, 80)),
    );
  }

  /** Clicks "Use <name>" on a profile, once it shows. */
  async useProfile(name: string): Promise<void> {
    await this.waitForUseButton(name);
    await this.page.locator(`button[aria-label="Use ${name}"]`).click();
  }

  /** Waits until the profile `name` can be made active. */
  async waitForUseButton(name: string): Promise<void> {
    await this.page.waitForSelector(`button[aria-label="Use ${name}"]`, WAIT);
  }

  /** Waits for "Grant access to <origin>" and returns the button. */
  async grantAccessButton(origin: string): Promise<ElementHandle<Element>> {
    const button = await this.page.waitForSelector(`button[aria-label="Grant access to ${origin}"]`, WAIT);
    if (!button) throw new Error(`No Grant access button for ${origin}`);
    return button;
  }

  /** Waits for the note that the active profile has no key, and returns its paragraph. */
  async waitForNoKeyNote(): Promise<string> {
    const note = await this.page.waitForSelector('p.alert ::-p-text(has no API key yet)', {
      timeout: 15_000,
    });
    return (await note?.evaluate((el) => el.closest('p')?.textContent ?? '')) ?? '';
  }

  /** Follows "Go to the API key field". */
  async goToKeyField(): Promise<void> {
    await this.page.locator('a::-p-text(Go to the API key field)').click();
  }

  /** The text of the page's main part. */
  async mainText(): Promise<string> {
    return (await this.textOf('main')) ?? '';
  }

  /** Ticks "include API keys" of the export, once it shows. */
  async includeKeysInExport(): Promise<void> {
    await this.waitForExport();
    await this.page.click(INCLUDE_KEYS);
  }

  /** Waits until the export can be started. */
  async waitForExport(): Promise<void> {
    await this.page.waitForSelector(INCLUDE_KEYS, WAIT);
  }

  /** Clicks "Export settings". */
  async exportSettings(): Promise<void> {
    await this.page.locator('button::-p-text(Export settings)').click();
  }

  /** Waits until the page says the file went to the downloads. */
  async waitForExported(): Promise<void> {
    await this.page.waitForFunction(() => document.body.textContent?.includes('to your downloads.'));
  }

  /** The text of the local copy's card. */
  async mirrorText(): Promise<string> {
    return (await this.textOf(MIRROR)) ?? '';
  }

  /** Clicks *Sync now* of the local copy, for the only profile. */
  async syncMirrorNow(): Promise<void> {
    await this.page.locator(`${MIRROR} button::-p-text(Sync now)`).click();
  }

  /** Presses *Sync now* once the card offers it, and waits until the local copy is up to date. */
  async syncMirrorToEnd(timeout = 45_000): Promise<void> {
    await this.page.locator(`${MIRROR} button::-p-text(Sync now)`).setTimeout(10_000).click();
    await this.page.waitForFunction(
      (card) => document.querySelector(card)?.textContent?.includes('Up to date as of'),
      { timeout, polling: 500 },
      MIRROR,
    );
  }

  /** Clicks *Mark pages that have a short link*, which asks for the `tabs` permission as it turns on. */
  async toggleMarkPages(): Promise<void> {
    await this.page.click(MARK_PAGES);
  }

  /** Whether *Mark pages that have a short link* is on. */
  markPages(): Promise<boolean> {
    return this.page.$eval(MARK_PAGES, (el) => (el as HTMLInputElement).checked);
  }

  /** Chooses the copy format of the behaviour settings. */
  async chooseCopyFormat(format: string): Promise<void> {
    await this.page.select(COPY_FORMAT, format);
  }

  /** Clicks the "remove tracking parameters" switch. */
  async toggleStripTracking(): Promise<void> {
    await this.page.click(STRIP_TRACKING);
  }

  /** The copy format the page shows. */
  copyFormat(): Promise<string> {
    return this.valueOf(COPY_FORMAT);
  }

  /** Whether the "remove tracking parameters" switch is on. */
  stripTracking(): Promise<boolean> {
    return this.page.$eval(STRIP_TRACKING, (el) => (el as HTMLInputElement).checked);
  }

  /** Picks `path` with the import file picker and waits for the import preview. */
  async chooseImportFile(path: string): Promise<void> {
    const input = (await this.page.waitForSelector(IMPORT_FILE, WAIT)) as ElementHandle<HTMLInputElement>;
    await input.uploadFile(path);
    await this.page.waitForSelector('#import-preview-heading', WAIT);
  }

  /** The text of the import preview. */
  async importPreview(): Promise<string> {
    return (await this.textOf(IMPORT_PREVIEW)) ?? '';
  }

  /** Clicks the preview's Import. */
  async confirmImport(): Promise<void> {
    await this.page.locator(`${IMPORT_PREVIEW} button::-p-text(Import)`).click();
  }

  /** Waits until the page says the settings were imported. */
  async waitForImported(): Promise<void> {
    await this.page.waitForFunction(() => document.body.textContent?.includes('Settings imported.'), WAIT);
  }

  /**
   * Drops a file holding `content` on the drop zone (`where: 'dropzone'`) or beside it, on the page's
   * heading. Returns whether the page took the drop (kept the browser from opening the file).
   */
  async dropFile(where: 'dropzone' | 'heading', content: string): Promise<boolean> {
    await this.page.waitForSelector('.dropzone', WAIT);
    return this.page.evaluate(
      (selector, text) => {
        const target = document.querySelector(selector)!;
        const data = new DataTransfer();
        data.items.add(new File([text], 'dropped.json', { type: 'application/json' }));
        target.dispatchEvent(
          new DragEvent('dragover', { bubbles: true, cancelable: true, dataTransfer: data }),
        );
        const drop = new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: data });
        target.dispatchEvent(drop);
        return drop.defaultPrevented;
      },
      where === 'dropzone' ? '.dropzone' : 'h1',
      content,
    );
  }

  /** The import's error, or null. */
  importError(): Promise<string | null> {
    return this.textOf('#import-error');
  }

  /** Waits for the import's error and returns it. */
  async waitForImportError(): Promise<string> {
    await this.page.waitForSelector('#import-error', { timeout: 5_000 });
    return (await this.importError()) ?? '';
  }
}
