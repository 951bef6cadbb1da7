/**
 * *Mark pages that have a short link* in Options: turning it on asks for the `tabs` permission from
 * the click, and the switch is on only while the setting and the permission both are.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { MarkPagesField } from '@/entrypoints/options/mark-pages-field';
import { alerts, field, mount, settle, tick } from '../dom';
import { stubPermissionEvents } from './permission-events';

const LABEL = 'Mark pages that have a short link';

let events: ReturnType<typeof stubPermissionEvents>;
let granted: boolean;
let answer: boolean;
let request: ReturnType<typeof vi.fn>;

beforeEach(() => {
  events = stubPermissionEvents();
  granted = false;
  answer = true;
  request = vi.fn(async ({ permissions }: { permissions?: string[] }) => {
    if (permissions?.includes('tabs') && answer) granted = true;
    return answer;
  });
  Object.assign(fakeBrowser.permissions, {
    request,
    contains: vi.fn(async ({ permissions }: { permissions?: string[] }) =>
      permissions?.includes('tabs') ? granted : true,
    ),
  });
});

async function view(on: boolean) {
  const onChange = vi.fn();
  const root = await mount(<MarkPagesField on={on} onChange={onChange} />);
  await settle();
  return { root, onChange };
}

describe('the switch of the tab marker', () => {
  it('asks for the tabs permission from the click, and turns on once allowed', async () => {
    const { root, onChange } = await view(false);
    expect(field(LABEL).checked).toBe(false);

    await tick(field(LABEL), true);
    expect(request).toHaveBeenCalledWith({ permissions: ['tabs'] });
    await vi.waitFor(() => expect(onChange).toHaveBeenCalledWith({ markPages: true }));
    expect(alerts(root)).toEqual([]);
  });

  it('stays off and says why when the permission is refused', async () => {
    answer = false;
    const { root, onChange } = await view(false);

    await tick(field(LABEL), true);
    await vi.waitFor(() =>
      expect(alerts(root)).toEqual([
        'Pages are not marked: the permission to read your tabs’ addresses was refused. To mark them, turn the switch on again and choose Allow.',
      ]),
    );
    expect(field(LABEL).checked).toBe(false);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('shows off, and says so, when the permission is removed while the setting is on', async () => {
    granted = true;
    const { root } = await view(true);
    await vi.waitFor(() => expect(field(LABEL).checked).toBe(true));
    expect(alerts(root)).toEqual([]);

    granted = false;
    events.onRemoved.fire({ permissions: ['tabs'] });
    await vi.waitFor(() => expect(field(LABEL).checked).toBe(false));
    expect(alerts(root)).toEqual([
      'Pages are no longer marked: the permission to read your tabs’ addresses was removed. To mark them again, turn the switch on and choose Allow.',
    ]);
  });

  it('turns off without asking anything', async () => {
    granted = true;
    const { onChange } = await view(true);
    await vi.waitFor(() => expect(field(LABEL).checked).toBe(true));

    await tick(field(LABEL), false);
    expect(onChange).toHaveBeenCalledWith({ markPages: false });
    expect(request).not.toHaveBeenCalled();
  });
});
