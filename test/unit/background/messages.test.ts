import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { dispatch } from '@/entrypoints/background/messages';
import { ApiError } from '@/lib/api/errors';
import {
  deliver,
  type FakeServer,
  fakeServer,
  seedProfile,
  sendFromPopup,
  startBackground,
  stubBrowserApis,
} from './helpers';

let server: FakeServer;

beforeEach(() => {
  stubBrowserApis();
  server = fakeServer();
  startBackground(server);
});

describe('sender check', () => {
  it('rejects a request from another extension', async () => {
    await seedProfile();
    const reply = await deliver(
      { type: 'getAccount', payload: {} },
      { id: 'other-extension', url: 'chrome-extension://other-extension/popup.html' },
    );
    expect(reply).toMatchObject({ ok: false, error: { kind: 'bad_message' } });
    expect(server.calls).toHaveLength(0);
  });

  it('rejects a request from a web page (a content script would send its page URL)', async () => {
    await seedProfile();
    const reply = await deliver(
      { type: 'api', payload: { method: 'listLinks', args: [] } },
      { id: fakeBrowser.runtime.id, url: 'https://evil.example/page' },
    );
    expect(reply).toMatchObject({ ok: false, error: { kind: 'bad_message' } });
    expect(server.calls).toHaveLength(0);
  });

  it('accepts the extension’s own page', async () => {
    await seedProfile();
    const reply = await sendFromPopup('getAccount', {});
    expect(reply).toMatchObject({ ok: true, data: { username: 'ann' } });
  });
});

describe('malformed messages', () => {
  it('leaves messages for other listeners (the offscreen document) unanswered', async () => {
    const answers = await fakeBrowser.runtime.onMessage.trigger(
      { target: 'offscreen', type: 'copy', text: 'x' },
      { id: fakeBrowser.runtime.id, url: fakeBrowser.runtime.getURL('/popup.html') },
      () => undefined,
    );
    // The stand-in offscreen listener answers `true`; the background's must not answer at all.
    expect(answers.filter((a: unknown) => a !== true && a !== undefined)).toEqual([]);
  });

  it.each([
    ['an unknown type', { type: 'deleteEverything', payload: {} }],
    ['a missing payload', { type: 'shorten' }],
    ['a wrong field type', { type: 'refresh', payload: { force: 'yes' } }],
    ['a shorten without requestId', { type: 'shorten', payload: { input: { url: 'https://a.example' } } }],
    ['a shorten whose input has no url', { type: 'shorten', payload: { requestId: 'r1', input: {} } }],
    ['an api call of a non-method', { type: 'api', payload: { method: 'constructor', args: [] } }],
    ['an api call of a prototype key', { type: 'api', payload: { method: '__proto__', args: [] } }],
    ['api args that are not a list', { type: 'api', payload: { method: 'listLinks', args: 'x' } }],
    [
      'a profile name over its limit',
      { type: 'saveProfile', payload: { profile: { name: 'n'.repeat(101), serverUrl: 'https://sho.rt' } } },
    ],
  ])('answers bad_message for %s', async (_, message) => {
    await seedProfile();
    const reply = await deliver(message, {
      id: fakeBrowser.runtime.id,
      url: fakeBrowser.runtime.getURL('/popup.html'),
    });
    expect(reply).toMatchObject({ ok: false, error: { kind: 'bad_message', message: expect.any(String) } });
    expect(server.calls).toHaveLength(0);
  });
});

describe('error mapping', () => {
  const own = () => ({ id: fakeBrowser.runtime.id, url: fakeBrowser.runtime.getURL('/options.html') });
  const failing = (error: unknown) => ({
    shorten: async () => {
      throw error;
    },
  });

  it('passes an ApiError on as its plain data', async () => {
    const error = new ApiError({
      kind: 'rate_limited',
      message: 'Too many requests.',
      status: 429,
      retryAt: 1234,
    });
    const reply = await dispatch(
      failing(error) as never,
      { type: 'shorten', payload: { requestId: 'r', input: { url: 'https://a.example' } } },
      own(),
    );
    expect(reply).toEqual({
      ok: false,
      error: { kind: 'rate_limited', message: 'Too many requests.', status: 429, retryAt: 1234 },
    });
  });

  it('turns anything else into a generic message without details', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reply = await dispatch(
      failing(new TypeError('secret-key-abc at foo.js:1')) as never,
      { type: 'shorten', payload: { requestId: 'r', input: { url: 'https://a.example' } } },
      own(),
    );
    expect(reply).toMatchObject({ ok: false, error: { kind: 'internal' } });
    expect(JSON.stringify(reply)).not.toContain('secret-key-abc');
  });

  it('answers not_configured before any profile exists', async () => {
    const reply = await sendFromPopup('refresh', {});
    expect(reply).toEqual({
      ok: false,
      error: { kind: 'not_configured', message: 'Add your server URL and API key in Options.' },
    });
  });
});

describe('api', () => {
  it('calls an allowed client method on the active profile and returns plain data', async () => {
    await seedProfile();
    const reply = await sendFromPopup('api', { method: 'listCampaigns', args: [{ limit: 5 }] });
    expect(server.calls.map((c) => c.path)).toEqual(['/api/campaigns?limit=5']);
    expect(reply).toMatchObject({ ok: true, data: { items: [{ id: 7, name: 'Spring' }] } });
  });

  it('passes the client’s validation error back', async () => {
    await seedProfile();
    const reply = await sendFromPopup('api', { method: 'getLink', args: [-1] });
    expect(reply).toMatchObject({ ok: false, error: { kind: 'validation' } });
    expect(server.calls).toHaveLength(0);
  });
});
