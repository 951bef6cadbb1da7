/**
 * Fuzzing the background's one runtime.onMessage listener with arbitrary messages and senders: it
 * never throws, answers a Result or nothing, sends no request for a message it cannot accept, and
 * keeps working for the next valid message.
 */
import fc from 'fast-check';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { isApiMethod } from '@/entrypoints/background/api-message';
import { normalizeBaseUrl } from '@/lib/api/base-url';
import { API_ERROR_KINDS } from '@/lib/api/errors';
import { settingsSchema } from '@/lib/settings/schema';
import { rateLimitWaitItem } from '@/lib/storage/items';
import { loadSettings } from '@/lib/storage/settings';
import {
  deliver,
  type FakeServer,
  fakeServer,
  GOOD_KEY,
  seedProfile,
  sendFromPopup,
  startBackground,
  stubBrowserApis,
} from '../background/helpers';

let server: FakeServer;

/**
 * Rate-limit headers of a plan far larger than any run here can use. Every answer of a real server
 * carries them (API spec, Limits); without them the background assumes the default 30 requests a
 * minute, and holds the 31st until that minute ends. A property that sends a random number of valid
 * requests then waits 60 s, on real timers, whenever its seed sends more than 30: about one run in
 * six of "passes garbage arguments…" did (seed 13, for one), and hit its timeout.
 */
const LARGE_PLAN = {
  'X-RateLimit-Limit': '100000',
  'X-RateLimit-Remaining': '100000',
  // Seconds from now: every answer announces the same generous window.
  'X-RateLimit-Reset': '60',
};

beforeEach(async () => {
  stubBrowserApis();
  server = fakeServer();
  server.state.headers = LARGE_PLAN;
  startBackground(server);
  await seedProfile();
});

const OWN = { id: fakeBrowser.runtime.id, url: fakeBrowser.runtime.getURL('/popup.html') };
const TYPES = ['shorten', 'refresh', 'saveProfile', 'deleteProfile', 'setActiveProfile', 'getAccount', 'api'];
const ERROR_KINDS = new Set<string>([
  ...API_ERROR_KINDS,
  'not_configured',
  'permission_denied',
  'bad_message',
  'internal',
]);
const DANGEROUS_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty'];

const huge = fc.integer({ min: 10_000, max: 1_000_000 }).map((n) => 'x'.repeat(n));
const garbage = fc.oneof(fc.anything(), huge, fc.constantFrom(...DANGEROUS_KEYS));
/** An object whose keys may be prototype keys, set as own properties (as JSON.parse would). */
const pollutedObject = fc
  .array(fc.tuple(fc.constantFrom(...DANGEROUS_KEYS, 'type', 'payload', 'force', 'id'), garbage), {
    maxLength: 4,
  })
  .map((entries) => JSON.parse(JSON.stringify(Object.fromEntries(entries.map(([k, v]) => [k, v ?? null])))));

const notBoolean = garbage.filter((v) => typeof v !== 'boolean' && v !== undefined);
const notId = fc.oneof(
  fc.constant(''),
  fc.integer(),
  fc.constant(null),
  fc.boolean(),
  huge.map((s) => `${s}x`),
);
const notApiMethod = fc.oneof(
  fc.constantFrom(
    ...DANGEROUS_KEYS,
    'baseUrl',
    'rateLimit',
    'then',
    'call',
    'apply',
    'bind',
    '__defineGetter__',
  ),
  fc.string().filter((s) => !isApiMethod(s)),
  fc.anything().filter((v) => typeof v !== 'string'),
);
const notObject = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.constant(null),
  fc.array(fc.anything()),
  fc.boolean(),
);
const notArgs = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.constant(null),
  fc.object(),
  fc.array(fc.anything(), { minLength: 9, maxLength: 12 }),
);

/** Messages of a known type whose payload the protocol must refuse. */
const invalidEnvelope = fc.oneof(
  fc.record({ type: fc.constantFrom(...TYPES), payload: notObject }),
  fc.record({ type: fc.constantFrom(...TYPES) }),
  fc.record({ type: fc.constant('shorten'), payload: fc.record({ requestId: notId, input: garbage }) }),
  fc.record({
    type: fc.constant('shorten'),
    payload: fc.record({ requestId: fc.string({ minLength: 1, maxLength: 20 }), input: notObject }),
  }),
  fc.record({ type: fc.constant('refresh'), payload: fc.record({ force: notBoolean }) }),
  fc.record({
    type: fc.constant('saveProfile'),
    payload: fc.record({ profile: fc.record({ name: fc.integer(), serverUrl: garbage }), apiKey: garbage }),
  }),
  fc.record({
    type: fc.constantFrom('deleteProfile', 'setActiveProfile'),
    payload: fc.record({ id: notId }),
  }),
  fc.record({ type: fc.constant('getAccount'), payload: fc.record({ profileId: notId }) }),
  fc.record({
    type: fc.constant('api'),
    payload: fc.record({ method: notApiMethod, args: fc.array(garbage, { maxLength: 3 }) }),
  }),
  fc.record({
    type: fc.constant('api'),
    payload: fc.record({ method: fc.constant('listLinks'), args: notArgs }),
  }),
  fc.record({
    type: fc.oneof(
      fc.constantFrom(...DANGEROUS_KEYS),
      fc.string().filter((s) => !TYPES.includes(s)),
    ),
    payload: garbage,
  }),
);

/** Anything at all: may by chance be valid, so only the general promises are checked for it. */
const anyMessage = fc.oneof(fc.anything(), fc.jsonValue(), pollutedObject, invalidEnvelope, huge);

const otherSender = fc
  .record(
    {
      id: fc.oneof(fc.constant(OWN.id), fc.string(), fc.constant(undefined)),
      url: fc.oneof(
        fc.constant(OWN.url),
        fc.webUrl(),
        fc.constant(`chrome-extension://${OWN.id}.evil.example/popup.html`),
        fc.constant('chrome-extension://other-extension/popup.html'),
        fc.string(),
      ),
    },
    { requiredKeys: [] },
  )
  .filter(
    (s) =>
      !(s.id === OWN.id && typeof s.url === 'string' && s.url.startsWith(fakeBrowser.runtime.getURL('/'))),
  );
const anySender = fc.oneof(fc.constant(OWN), otherSender, fc.anything());

const validMessages = [
  { type: 'shorten', payload: { requestId: 'valid', input: { url: 'https://a.example/' } } },
  { type: 'refresh', payload: { force: true } },
  { type: 'getAccount', payload: {} },
  { type: 'api', payload: { method: 'listCampaigns', args: [{ limit: 5 }] } },
];

function isResult(answer: unknown): boolean {
  if (typeof answer !== 'object' || answer === null) return false;
  const result = answer as { ok?: unknown; data?: unknown; error?: { kind?: unknown; message?: unknown } };
  if (result.ok === true) return 'data' in result;
  return (
    result.ok === false &&
    typeof result.error?.kind === 'string' &&
    ERROR_KINDS.has(result.error.kind) &&
    typeof result.error.message === 'string'
  );
}

/** Delivers one message; returns its answer and how many requests it made. */
async function probe(message: unknown, sender: unknown) {
  const before = server.fetch.mock.calls.length;
  const answer = await deliver(message, sender as { id?: string; url?: string });
  return { answer, requests: server.fetch.mock.calls.length - before };
}

async function stillWorks(): Promise<void> {
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(await sendFromPopup('getAccount', {})).toMatchObject({ ok: true, data: { username: 'ann' } });
  const shortened = await sendFromPopup('shorten', {
    requestId: crypto.randomUUID(),
    input: { url: 'https://after.example/' },
  });
  expect(shortened).toMatchObject({ ok: true, data: { link: { longUrl: 'https://after.example/' } } });
}

describe('the onMessage listener under fuzzing', () => {
  it('answers any message from any sender with a Result or nothing, and never throws', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await fc.assert(
      fc.asyncProperty(anyMessage, anySender, async (message, sender) => {
        const { answer, requests } = await probe(message, sender);
        expect(answer === undefined || isResult(answer)).toBe(true);
        const refused = answer !== undefined && (answer as { ok: boolean }).ok === false;
        if (refused && (answer as { error: { kind: string } }).error.kind === 'bad_message') {
          expect(requests).toBe(0);
        }
      }),
      { numRuns: 300 },
    );
    await stillWorks();
  });

  it('survives values that break String(): an object type whose toString is not a function', async () => {
    const { answer, requests } = await probe({ type: { toString: 1 }, payload: {} }, OWN);
    expect(answer).toMatchObject({ ok: false, error: { kind: 'bad_message' } });
    expect(requests).toBe(0);
    const args = [{ toString: 1, valueOf: 1 }];
    expect(isResult((await probe({ type: 'api', payload: { method: 'getLink', args } }, OWN)).answer)).toBe(
      true,
    );
    await stillWorks();
  });

  it('refuses every invalid payload of a known type with bad_message, before any request', async () => {
    await fc.assert(
      fc.asyncProperty(invalidEnvelope, async (message) => {
        const { answer, requests } = await probe(message, OWN);
        expect(answer).toMatchObject({ ok: false, error: { kind: 'bad_message' } });
        expect(requests).toBe(0);
      }),
      { numRuns: 300 },
    );
    await stillWorks();
  });

  it('refuses any valid message from a sender that is not one of the extension’s pages', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...validMessages), otherSender, async (message, sender) => {
        const { answer, requests } = await probe(message, sender);
        expect(answer).toMatchObject({ ok: false, error: { kind: 'bad_message' } });
        expect(requests).toBe(0);
      }),
      { numRuns: 200 },
    );
    await stillWorks();
  });

  it('never calls a non-API member of the client, whatever the method name', async () => {
    await fc.assert(
      fc.asyncProperty(notApiMethod, fc.array(garbage, { maxLength: 3 }), async (method, args) => {
        const { answer, requests } = await probe({ type: 'api', payload: { method, args } }, OWN);
        expect(answer).toMatchObject({ ok: false, error: { kind: 'bad_message' } });
        expect(requests).toBe(0);
      }),
    );
    await stillWorks();
  });

  it('passes garbage arguments of an allowed API method to the client, which refuses or sends within the profile’s server', async () => {
    const methods = [
      'getLink',
      'listLinks',
      'addLink',
      'updateChannel',
      'assignToChannel',
      'findLinkByShortUrl',
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...methods),
        fc.array(garbage, { maxLength: 4 }),
        async (method, args) => {
          const before = server.fetch.mock.calls.length;
          const { answer } = await probe({ type: 'api', payload: { method, args } }, OWN);
          expect(isResult(answer)).toBe(true);
          for (const [input] of server.fetch.mock.calls.slice(before)) {
            expect(new URL(String(input)).origin).toBe('https://sho.rt');
          }
        },
      ),
      { numRuns: 150 },
    );
    await stillWorks();
  }, 60_000);
});

describe('the fuzzing environment', () => {
  it('sends more requests than the default rate limit without waiting, as its server’s plan allows', async () => {
    const replies = [];
    for (let i = 0; i < 40; i++) replies.push(await sendFromPopup('api', { method: 'listLinks', args: [] }));
    expect(replies.every((reply) => reply.ok)).toBe(true);
    expect(server.fetch).toHaveBeenCalledTimes(40);
    expect(await fakeBrowser.storage.session.get(rateLimitWaitItem.key)).toEqual({});
  }, 5_000);
});

describe('saveProfile under fuzzing', () => {
  const serverUrl = fc.oneof(
    fc.string(),
    fc.webUrl({ withQueryParameters: true, withFragments: true }),
    fc.webUrl().map((u) => `${u}/api/`),
    fc.constantFrom(
      'javascript:alert(1)',
      'http://evil.example',
      'https://user:pass@sho.rt',
      'file:///etc/passwd',
      'data:text/html,hi',
      'http://127.0.0.1:8787/api',
      'https://xn--80ak6aa92e.com',
      ' HTTPS://SHO.RT/API/ ',
      '//sho.rt',
      'https://',
    ),
    fc.integer({ min: 1_000, max: 100_000 }).map((n) => `https://${'a'.repeat(n)}.example`),
  );

  it('never throws, and sends the key only to the normalized address it saves', async () => {
    await fc.assert(
      fc.asyncProperty(serverUrl, fc.string({ maxLength: 20 }), async (url, name) => {
        const before = server.fetch.mock.calls.length;
        const { answer } = await probe(
          { type: 'saveProfile', payload: { profile: { name, serverUrl: url }, apiKey: GOOD_KEY } },
          OWN,
        );
        expect(isResult(answer)).toBe(true);
        const sent = server.fetch.mock.calls.slice(before);
        const normalized = normalizeBaseUrl(url);
        if (!normalized.ok) {
          expect(answer).toMatchObject({ ok: false, error: { kind: 'validation' } });
          expect(sent).toHaveLength(0);
          return;
        }
        for (const [input] of sent) expect(String(input)).toBe(`${normalized.url}/api/account`);
        if ((answer as { ok: boolean }).ok) {
          expect(answer).toMatchObject({ data: { profile: { serverUrl: normalized.url } } });
        }
      }),
      { numRuns: 150 },
    );
    expect(settingsSchema.safeParse(await loadSettings()).success).toBe(true);
    expect(await fakeBrowser.storage.sync.get(null)).toEqual({});
    await stillWorks();
  }, 60_000);
});
