/**
 * The links list's selection, pure: the links chosen (kept with their data, so an action on them
 * needs no request, whichever page they were picked on), and the row last clicked, where a
 * Shift+click's range starts.
 *
 *   let selection = emptySelection<CachedLink>();
 *   selection = clickRow(selection, shownRows, link, event.shiftKey);
 *   selection = selectAll(selection, everyMatchingLink);
 */

/** The links selected, by id, and the anchor of the next range. */
export interface Selection<T extends { id: number }> {
  links: ReadonlyMap<number, T>;
  anchor: number | null;
}

/** Nothing selected. */
export function emptySelection<T extends { id: number }>(): Selection<T> {
  return { links: new Map(), anchor: null };
}

function withLinks<T extends { id: number }>(
  selection: Selection<T>,
  items: readonly T[],
  on: boolean,
): Map<number, T> {
  const links = new Map(selection.links);
  for (const item of items) {
    if (on) links.set(item.id, item);
    else links.delete(item.id);
  }
  return links;
}

/**
 * A row's checkbox clicked: the row toggled; with Shift, every row of `shown` (the order on screen)
 * from the anchor to it takes the state the anchor has, as in a file manager. An anchor no longer
 * shown (another page, another search) starts no range: the row alone is toggled.
 */
export function clickRow<T extends { id: number }>(
  selection: Selection<T>,
  shown: readonly T[],
  row: T,
  shift: boolean,
): Selection<T> {
  const from = selection.anchor === null ? -1 : shown.findIndex((item) => item.id === selection.anchor);
  const to = shown.findIndex((item) => item.id === row.id);
  if (shift && from >= 0 && to >= 0) {
    const range = shown.slice(Math.min(from, to), Math.max(from, to) + 1);
    const on = selection.links.has(selection.anchor ?? -1);
    return { links: withLinks(selection, range, on), anchor: row.id };
  }
  return { links: withLinks(selection, [row], !selection.links.has(row.id)), anchor: row.id };
}

/** The rows `shown` all selected (`on`) or all unselected: the header checkbox. */
export function selectRows<T extends { id: number }>(
  selection: Selection<T>,
  shown: readonly T[],
  on: boolean,
): Selection<T> {
  return { links: withLinks(selection, shown, on), anchor: selection.anchor };
}

/** Every link of `matching` added (Select all N matching). */
export function selectAll<T extends { id: number }>(
  selection: Selection<T>,
  matching: readonly T[],
): Selection<T> {
  return selectRows(selection, matching, true);
}

/** How many of the rows `shown` are selected: the header checkbox's state. */
export function shownState<T extends { id: number }>(
  selection: Selection<T>,
  shown: readonly T[],
): 'all' | 'some' | 'none' {
  const count = shown.filter((item) => selection.links.has(item.id)).length;
  if (count === 0) return 'none';
  return count === shown.length ? 'all' : 'some';
}

/**
 * The selected links with the newer data of `fresh` (the same links read again after a change), so
 * an action sees the campaign or expiry the last action gave them.
 */
export function refreshSelected<T extends { id: number }>(
  selection: Selection<T>,
  fresh: readonly T[],
): Selection<T> {
  const links = new Map(selection.links);
  let changed = false;
  for (const item of fresh) {
    if (links.has(item.id) && links.get(item.id) !== item) {
      links.set(item.id, item);
      changed = true;
    }
  }
  return changed ? { links, anchor: selection.anchor } : selection;
}
