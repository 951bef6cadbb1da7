/**
 * What the page objects of the popup, Options and the management page share: the puppeteer Page they
 * drive, and the parts every page has (alerts, labelled controls, focus, the rate-limit countdown,
 * the width of the window). Specs use the page objects in this folder; only they hold selectors.
 */
import type { Page } from 'puppeteer-core';

/** How long a page object waits for what the page draws after a user's step. */
export const WAIT = { timeout: 10_000 };

/** The rate-limit countdown (components/rate-limit-notice.tsx). */
export const COUNTDOWN = '[role="timer"]';
const ALERT = '[role="alert"]';

/** Where something is drawn, in the page's CSS pixels. */
export interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** An element to find on screen: its whole box, or (`text`) the box of its text alone. */
export interface Drawn {
  selector: string;
  text?: boolean;
}

/** A page of the extension, driven as a user drives it. */
export class ExtensionPage {
  constructor(
    /** The puppeteer page, for what a spec does to any page (keyboard, screenshots, viewport). */
    readonly page: Page,
  ) {}

  /** The value of the input or select `selector`. */
  protected valueOf(selector: string): Promise<string> {
    return this.page.$eval(selector, (el) => (el as HTMLInputElement).value);
  }

  /** The text of `selector`, or null when nothing matches. */
  protected textOf(selector: string): Promise<string | null> {
    return this.page.$eval(selector, (el) => el.textContent ?? '').catch(() => null);
  }

  /** True when something matches `selector`. */
  protected async has(selector: string): Promise<boolean> {
    return (await this.page.$(selector)) !== null;
  }

  /**
   * Waits until the page has drawn what it loads: `heading`, and nothing busy or "Loading…" any more.
   */
  async waitUntilSettled(heading = 'h1'): Promise<void> {
    await this.page.waitForFunction(
      (selector) =>
        document.querySelector(selector) !== null &&
        document.querySelector('[aria-busy="true"]') === null &&
        !/Loading…|Checking…/.test(document.body.textContent ?? ''),
      WAIT,
      heading,
    );
  }

  /** The text of the first alert once one shows. */
  async alert(timeout = WAIT.timeout): Promise<string> {
    const alert = await this.page.waitForSelector(ALERT, { timeout });
    return (await alert?.evaluate((el) => el.textContent ?? '')) ?? '';
  }

  /** True when an alert is shown now. */
  hasAlert(): Promise<boolean> {
    return this.has(ALERT);
  }

  /** The `lang` the page says its text is in. */
  language(): Promise<string> {
    return this.page.evaluate(() => document.documentElement.lang);
  }

  /** The direction the page says its text reads in (`<html dir>`: `ltr` or `rtl`). */
  direction(): Promise<string> {
    return this.page.evaluate(() => document.documentElement.dir);
  }

  /**
   * Where each of `elements` is drawn; the box of an element's text tells which side of its line the
   * text starts on, which its own box (a block as wide as its parent) does not.
   */
  protected boxesOf<K extends string>(elements: Record<K, Drawn>): Promise<Record<K, Box>> {
    return this.page.evaluate(
      (wanted: Record<string, Drawn>) => {
        const boxes: Record<string, Box> = {};
        for (const [name, { selector, text }] of Object.entries(wanted)) {
          const el = document.querySelector(selector);
          if (!el) throw new Error(`Nothing matches ${selector}`);
          let box = el.getBoundingClientRect();
          if (text) {
            const range = document.createRange();
            range.selectNodeContents(el);
            box = range.getBoundingClientRect();
          }
          boxes[name] = { left: box.left, right: box.right, top: box.top, bottom: box.bottom };
        }
        return boxes;
      },
      elements as Record<string, Drawn>,
    ) as Promise<Record<K, Box>>;
  }

  /** The CSS `direction` the element matching `selector` lays its text out in. */
  protected directionOf(selector: string): Promise<string> {
    return this.page.$eval(selector, (el) => getComputedStyle(el).direction);
  }

  /** The id of the element that has the keyboard focus ('' for none). */
  focusedId(): Promise<string | undefined> {
    return this.page.evaluate(() => document.activeElement?.id);
  }

  /** The role of the element that has the keyboard focus (null when it has none). */
  focusedRole(): Promise<string | null | undefined> {
    return this.page.evaluate(() => document.activeElement?.getAttribute('role'));
  }

  /** The text of the element that has the keyboard focus. */
  focusedText(): Promise<string | null | undefined> {
    return this.page.evaluate(() => document.activeElement?.textContent);
  }

  /**
   * Waits until the element with this id has the keyboard focus; returns the id of the element that
   * has it then (its tag name when it has no id), so that a spec's failure names it.
   */
  async waitForFocus(id: string): Promise<string | undefined> {
    await this.page
      .waitForFunction((wanted) => document.activeElement?.id === wanted, { timeout: 5_000 }, id)
      .catch(() => undefined);
    return this.page.evaluate(() => document.activeElement?.id || document.activeElement?.tagName);
  }

  /** Presses a key in the page (`Enter`, `Tab`, `Escape`). */
  async press(key: Parameters<Page['keyboard']['press']>[0]): Promise<void> {
    await this.page.keyboard.press(key);
  }

  /** Types `text` with the keyboard into whatever has the focus. */
  async typeKeys(text: string): Promise<void> {
    await this.page.keyboard.type(text);
  }

  /**
   * A selector for the control labelled exactly `label` inside `scope`: the control a <label for>
   * names, or the input inside a wrapping <label> (checkboxes, radios). Waits until it exists.
   */
  async control(label: string, scope = 'body'): Promise<string> {
    const handle = await this.page.waitForFunction(
      (root, text) => {
        const labels = [...(document.querySelector(root)?.querySelectorAll('label') ?? [])];
        const found = labels.find((l) => l.textContent?.trim() === text);
        const target = found?.htmlFor
          ? document.getElementById(found.htmlFor)
          : found?.querySelector('input');
        if (!target) return false;
        target.dataset.e2e ||= `${text}-${Math.random().toString(36).slice(2)}`;
        return target.dataset.e2e;
      },
      WAIT,
      scope,
      label,
    );
    return `[data-e2e="${await handle.jsonValue()}"]`;
  }

  /** The value of the control labelled `label` inside `scope`. */
  async valueOfControl(label: string, scope?: string): Promise<string> {
    return this.valueOf(await this.control(label, scope));
  }

  /** Replaces the text of the field labelled `label` inside `scope`. */
  async fill(label: string, value: string, scope?: string): Promise<void> {
    await this.page.locator(await this.control(label, scope)).fill(value);
  }

  /** Chooses `value` in the select labelled `label`, once that option exists (lists load from the server). */
  async choose(label: string, value: string, scope?: string): Promise<void> {
    const select = await this.control(label, scope);
    await this.waitForOption(select, value);
    await this.page.select(select, value);
  }

  /**
   * Waits until an option inside `scope` has the value `value`. By its value, as the select reports
   * it, not by a value attribute: an option whose value is its text may have none (Preact 11 sets
   * `value` only when it differs from what the option already reports).
   */
  async waitForOption(scope: string, value: string): Promise<void> {
    await this.page.waitForFunction(
      (options: string, wanted: string) =>
        [...document.querySelectorAll<HTMLOptionElement>(options)].some((option) => option.value === wanted),
      WAIT,
      `${scope} option`,
      value,
    );
  }

  /** Waits for the rate-limit countdown to show. */
  async waitForCountdown(): Promise<string> {
    const timer = await this.page.waitForSelector(COUNTDOWN, WAIT);
    return (await timer?.evaluate((el) => el.textContent ?? '')) ?? '';
  }

  /** True while the rate-limit countdown shows. */
  hasCountdown(): Promise<boolean> {
    return this.has(COUNTDOWN);
  }

  /**
   * From now on, records each distinct text of the rate-limit countdown, in order, so a test can see
   * it counting down without sampling it from outside. Returns a reader of what was recorded.
   */
  async recordCountdown(): Promise<() => Promise<string[]>> {
    await this.page.evaluate((selector) => {
      const seen: string[] = [];
      (window as unknown as { __countdown: string[] }).__countdown = seen;
      new MutationObserver(() => {
        const text = document.querySelector(selector)?.textContent;
        if (text && seen.at(-1) !== text) seen.push(text);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    }, COUNTDOWN);
    return () => this.page.evaluate(() => (window as unknown as { __countdown: string[] }).__countdown);
  }

  /** How far the page is wider than its window, in CSS pixels (0 when it fits). */
  overflow(): Promise<number> {
    return this.page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
  }

  /** Makes the window phone-sized (360 × 800). */
  async usePhoneWidth(): Promise<void> {
    await this.page.setViewport({ width: 360, height: 800 });
  }
}
