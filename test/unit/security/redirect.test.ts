// @vitest-environment node
/**
 * A redirect from the configured server must not carry the API key anywhere else: the client asks
 * fetch not to follow redirects (`redirect: 'manual'`) and turns one into an error that says why.
 * Checked with scripted answers (as Node and as a browser report a redirect) and with two real HTTP
 * servers, the second recording whether anything reached it.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import { fakeFetch, json } from '../lib/api/fake-fetch';

const KEY = 'secret-key-0123456789';
const BASE = 'https://sho.rt';

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    return error as ApiError;
  }
  throw new Error('expected a rejection');
}

/** What a browser's fetch answers for a redirect it did not follow: an opaque response, status 0. */
function opaqueRedirect(): Response {
  return { type: 'opaqueredirect', status: 0, headers: new Headers(), text: async () => '' } as Response;
}

describe('the client and redirects', () => {
  it.each([301, 302, 303, 307, 308])('does not follow a %i, and says why', async (status) => {
    const redirect = new Response(null, {
      status,
      headers: { Location: 'https://elsewhere.example/api/url/add' },
    });
    const { fetch, calls } = fakeFetch(redirect, json({ error: 0, id: 1, shorturl: 'https://x/1' }));
    const client = createClient({ baseUrl: BASE, apiKey: KEY, fetch });

    const error = await rejection(client.addLink({ url: 'https://example.com/' }));

    expect(error).toMatchObject({ kind: 'invalid_response', status });
    expect(error.message).toContain(`${BASE} answered with a redirect`);
    expect(error.message).toContain('your API key only goes to the server you saved');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.init.redirect).toBe('manual');
  });

  it('reports the opaque answer of a browser the same way, and does not try a read again', async () => {
    const { fetch, calls } = fakeFetch(() => opaqueRedirect(), json({ error: 0, data: {} }));
    const error = await rejection(createClient({ baseUrl: BASE, apiKey: KEY, fetch }).getAccount());
    expect(error.kind).toBe('invalid_response');
    expect(error.status).toBeUndefined();
    expect(error.message).toContain('answered with a redirect');
    expect(calls).toHaveLength(1);
  });
});

describe('against real servers', () => {
  const servers: Server[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => new Promise((done) => s.close(done))));
  });

  async function listen(handler: Parameters<typeof createServer>[1]): Promise<string> {
    const server = createServer(handler);
    servers.push(server);
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  it('sends nothing to where the configured server redirects', async () => {
    const reached: IncomingHttpHeaders[] = [];
    const elsewhere = await listen((req, res) => {
      reached.push(req.headers);
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"error":0,"id":1,"shorturl":"x"}');
    });
    const configured = await listen((req, res) => {
      res.writeHead(307, { Location: `${elsewhere}${req.url}` }).end();
    });
    const client = createClient({ baseUrl: configured, apiKey: KEY });

    expect((await rejection(client.addLink({ url: 'https://example.com/' }))).kind).toBe('invalid_response');
    expect((await rejection(client.listLinks())).kind).toBe('invalid_response');
    expect(reached).toEqual([]);
  });
});
