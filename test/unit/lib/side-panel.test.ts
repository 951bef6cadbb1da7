import { describe, expect, it, vi } from 'vitest';
import { canOpenSidePanel, openSidePanel } from '@/lib/side-panel';

describe('opening the side panel', () => {
  it("opens Chrome's panel in the given window", async () => {
    const open = vi.fn(async () => undefined);
    expect(canOpenSidePanel({ sidePanel: { open } })).toBe(true);
    await openSidePanel(3, { sidePanel: { open } });
    expect(open).toHaveBeenCalledWith({ windowId: 3 });
  });

  it("opens Firefox's sidebar", async () => {
    const open = vi.fn(async () => undefined);
    expect(canOpenSidePanel({ sidebarAction: { open } })).toBe(true);
    await openSidePanel(undefined, { sidebarAction: { open } });
    expect(open).toHaveBeenCalled();
  });

  it('is not offered where the browser has neither (Chrome before 116 has sidePanel without open)', async () => {
    expect(canOpenSidePanel({})).toBe(false);
    expect(canOpenSidePanel({ sidePanel: {} })).toBe(false);
    await expect(openSidePanel(3, {})).rejects.toThrow('no side panel');
  });

  it("refuses without a window in Chrome, which has no 'current' one for it", async () => {
    const open = vi.fn(async () => undefined);
    await expect(openSidePanel(undefined, { sidePanel: { open } })).rejects.toThrow('No window');
    expect(open).not.toHaveBeenCalled();
  });
});
