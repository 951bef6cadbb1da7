import { describe, expect, it } from 'vitest';
import {
  clickRow,
  emptySelection,
  refreshSelected,
  selectAll,
  selectRows,
  shownState,
} from '@/entrypoints/manage/links/link-selection';

interface Row {
  id: number;
  name: string;
}
const row = (id: number, name = `l${id}`): Row => ({ id, name });
const page1 = [row(1), row(2), row(3), row(4), row(5)];
const page2 = [row(6), row(7), row(8)];
const ids = (selection: { links: ReadonlyMap<number, unknown> }) =>
  [...selection.links.keys()].sort((a, b) => a - b);

describe('link selection', () => {
  it('toggles a row on a click and off on the next', () => {
    const once = clickRow(emptySelection<Row>(), page1, row(2), false);
    expect(ids(once)).toEqual([2]);
    expect(ids(clickRow(once, page1, row(2), false))).toEqual([]);
  });

  it('selects the range from the last clicked row with Shift, either way up', () => {
    const down = clickRow(clickRow(emptySelection<Row>(), page1, row(2), false), page1, row(4), true);
    expect(ids(down)).toEqual([2, 3, 4]);
    const up = clickRow(clickRow(emptySelection<Row>(), page1, row(5), false), page1, row(3), true);
    expect(ids(up)).toEqual([3, 4, 5]);
  });

  it('unselects a range when its anchor was just unselected', () => {
    let selection = selectRows(emptySelection<Row>(), page1, true);
    selection = clickRow(selection, page1, row(1), false);
    selection = clickRow(selection, page1, row(3), true);
    expect(ids(selection)).toEqual([4, 5]);
  });

  it('keeps the selection across pages, and a Shift+click whose anchor is off the page toggles the row alone', () => {
    let selection = clickRow(emptySelection<Row>(), page1, row(2), false);
    selection = clickRow(selection, page2, row(8), true);
    expect(ids(selection)).toEqual([2, 8]);
  });

  it('selects and unselects the page shown, and says how much of it is selected', () => {
    const some = clickRow(emptySelection<Row>(), page1, row(1), false);
    expect(shownState(some, page1)).toBe('some');
    const all = selectRows(some, page1, true);
    expect(shownState(all, page1)).toBe('all');
    expect(shownState(all, page2)).toBe('none');
    expect(ids(selectRows(selectRows(all, page2, true), page1, false))).toEqual([6, 7, 8]);
  });

  it('selects every link matching, and a clear is an empty selection', () => {
    const selection = selectAll(clickRow(emptySelection<Row>(), page1, row(1), false), [...page1, ...page2]);
    expect(selection.links.size).toBe(8);
    expect(emptySelection<Row>().links.size).toBe(0);
  });

  it('takes the newer data of links read again, and only of selected ones', () => {
    const selection = clickRow(emptySelection<Row>(), page1, row(1), false);
    const fresh = refreshSelected(selection, [row(1, 'renamed'), row(2, 'other')]);
    expect(fresh.links.get(1)?.name).toBe('renamed');
    expect(fresh.links.has(2)).toBe(false);
    expect(refreshSelected(fresh, [])).toBe(fresh);
  });
});
