import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { callApi } from '@/lib/messaging/call-api';

/** Makes the background answer every message with `reply` (the fake's type says it answers nothing). */
function answer(reply: unknown) {
  return vi.spyOn(fakeBrowser.runtime, 'sendMessage').mockResolvedValue(reply as never);
}

describe('callApi', () => {
  it('sends one api message naming the method and its arguments, and returns the reply', async () => {
    const page = { items: [], total: 0, perPage: 25, currentPage: 2, nextPage: null, maxPage: 1 };
    const send = answer({ ok: true, data: page });

    const result = await callApi('listLinks', { limit: 25, page: 2, order: 'click', q: 'docs' });

    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith({
      type: 'api',
      payload: { method: 'listLinks', args: [{ limit: 25, page: 2, order: 'click', q: 'docs' }] },
    });
    expect(result).toEqual({ ok: true, data: page });
  });

  it('passes several arguments in order', async () => {
    const send = answer({ ok: true, data: { message: 'ok' } });
    await callApi('assignToChannel', 4, 'bio', 9);
    expect(send).toHaveBeenCalledWith({
      type: 'api',
      payload: { method: 'assignToChannel', args: [4, 'bio', 9] },
    });
  });

  it('returns the background’s error as is', async () => {
    const error = { kind: 'rate_limited', message: 'Too many requests; try again in 20 s.', retryAt: 1 };
    answer({ ok: false, error });
    expect(await callApi('getAccount')).toEqual({ ok: false, error });
  });

  it('turns a missing background into an error instead of throwing', async () => {
    vi.spyOn(fakeBrowser.runtime, 'sendMessage').mockRejectedValue(
      new Error('Receiving end does not exist.'),
    );
    const result = await callApi('getLink', 1);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.kind).toBe('bad_message');
  });
});
