/**
 * What a page's layout does wrong, as a user would see it, read from the page as it is drawn:
 *
 *   expect(await layoutProblems(popup.page)).toEqual([]);
 *
 * - **scroll**: the page, or a box in it, scrolls sideways (but a wide table, in the box that holds
 *   it alone, scrolls on purpose);
 * - **cut**: a translated text is cut: a box that hides what overflows it (overflow hidden or clip,
 *   an ellipsis), a select narrower than its chosen option's text, or a field narrower than its
 *   placeholder. Addresses and names from the
 *   server are cut on purpose (an ellipsis, the whole in a tooltip): only texts of the messages
 *   count, told by their accented letters, so this is for the pseudo-locale (pseudo-locale.ts);
 * - **spills**: a box whose content runs out of it, visibly;
 * - **overlap**: two boxes side by side in a row or a grid cover each other.
 *
 * Each problem is one line naming the element (tag, id, classes, the start of its text), so a failing
 * test says where to look. Boxes that float on purpose (absolute, fixed, sticky) are not compared.
 */
import type { Page } from 'puppeteer-core';

/** The problems of the layout of `page` as drawn now; empty when there are none. */
export function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    // The pseudo-locale's accented letters (Latin Extended-A, -B and Additional); server data is ASCII.
    const MESSAGE_TEXT = /[\u0100-\u024f\u1e00-\u1eff]/;
    const SKIPPED = new Set(['INPUT', 'TEXTAREA', 'SELECT', 'OPTION', 'IMG', 'CANVAS', 'svg', 'PROGRESS']);
    const name = (el: Element) => {
      const id = el.id ? `#${el.id}` : '';
      const classes = [...el.classList].map((c) => `.${c}`).join('');
      const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `${el.tagName.toLowerCase()}${id}${classes} "${text}"`;
    };
    const shown = (el: Element) => {
      const box = el.getBoundingClientRect();
      return box.width > 1 && box.height > 1 && getComputedStyle(el).visibility !== 'hidden';
    };

    const doc = document.documentElement;
    if (doc.scrollWidth > doc.clientWidth + 1)
      problems.push(`scroll: the page is ${doc.scrollWidth - doc.clientWidth} px wider than its window`);

    for (const el of document.querySelectorAll('body *')) {
      const style = getComputedStyle(el);
      if (style.display === 'none' || style.display === 'contents' || style.display === 'inline') continue;
      if (!shown(el)) continue;
      // A select's chosen option and an empty field's placeholder are drawn inside the control, where
      // no scroll width tells whether they fit: their text is measured in the control's font.
      const shownText =
        el instanceof HTMLSelectElement
          ? (el.selectedOptions[0]?.text ?? '')
          : el instanceof HTMLInputElement && el.value === ''
            ? el.placeholder
            : '';
      if (MESSAGE_TEXT.test(shownText)) {
        const canvas = document.createElement('canvas').getContext('2d');
        if (canvas) {
          canvas.font = style.font;
          // The control's padding, and room for a select's arrow or a search field's clear button.
          const padding = parseFloat(style.paddingInlineStart) + parseFloat(style.paddingInlineEnd);
          const room = el.clientWidth - padding - (el instanceof HTMLSelectElement ? 16 : 0);
          const width = canvas.measureText(shownText).width;
          if (width > room + 1)
            problems.push(
              `cut: ${name(el)} shows ${Math.round(room)} px of "${shownText}" (${Math.round(width)} px)`,
            );
        }
      }
      if (SKIPPED.has(el.tagName)) continue;
      const over = el.scrollWidth - el.clientWidth;
      if (over <= 1) continue;
      const clips = ['hidden', 'clip'].includes(style.overflowX) || style.textOverflow === 'ellipsis';
      const scrolls = ['auto', 'scroll'].includes(style.overflowX);
      if (clips) {
        if (MESSAGE_TEXT.test(el.textContent ?? ''))
          problems.push(`cut: ${name(el)} hides ${over} px of its text`);
      } else if (scrolls) {
        if (el.children.length === 1 && el.firstElementChild instanceof HTMLTableElement) continue;
        problems.push(`scroll: ${name(el)} scrolls sideways by ${over} px`);
      } else {
        problems.push(`spills: ${name(el)} overflows its box by ${over} px`);
      }
    }

    /** The boxes a flex or grid container lays out: its children, and theirs through display: contents. */
    const items = (container: Element): Element[] =>
      [...container.children].flatMap((child) =>
        getComputedStyle(child).display === 'contents' ? items(child) : [child],
      );
    const floats = (el: Element) => ['absolute', 'fixed', 'sticky'].includes(getComputedStyle(el).position);
    for (const container of document.querySelectorAll('body *')) {
      const { display } = getComputedStyle(container);
      if (!/flex|grid/.test(display) || !shown(container)) continue;
      const boxes = items(container)
        .filter((el) => shown(el) && !floats(el) && getComputedStyle(el).display !== 'none')
        .map((el) => ({ el, box: el.getBoundingClientRect() }));
      for (let i = 0; i < boxes.length; i++) {
        for (let j = i + 1; j < boxes.length; j++) {
          const a = boxes[i]!;
          const b = boxes[j]!;
          const x = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
          const y = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
          if (x > 0.5 && y > 0.5)
            problems.push(
              `overlap: ${name(a.el)} and ${name(b.el)} (${Math.round(x)} × ${Math.round(y)} px)`,
            );
        }
      }
    }
    return problems;
  });
}
