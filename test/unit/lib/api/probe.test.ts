// @vitest-environment node
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { isUnreachable } from '@/lib/api/probe';

const servers: Server[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

/** A server that answers GET/HEAD / and drops the connection of the API write after reading it. */
async function droppingServer(): Promise<{ origin: string; seen: { method: string; auth: string }[] }> {
  const seen: { method: string; auth: string }[] = [];
  const server = createServer((request, response) => {
    seen.push({ method: request.method ?? '', auth: request.headers.authorization ?? '' });
    if (request.url?.startsWith('/api/')) {
      request.resume();
      request.on('end', () => request.socket.destroy());
      return;
    }
    response.writeHead(404, { Connection: 'close' }).end();
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

/** The origin of a port that was just open and is now closed: connections to it are refused. */
async function closedPort(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

describe('isUnreachable', () => {
  it('is true for a refused connection: a write there failed the same way and sent nothing', async () => {
    const origin = await closedPort();
    await expect(fetch(`${origin}/api/url/add`, { method: 'POST', body: '{}' })).rejects.toThrow(TypeError);
    expect(await isUnreachable(origin)).toBe(true);
  });

  it('is false for a server that dropped the write after reading it, and the probe carries no key', async () => {
    const { origin, seen } = await droppingServer();
    await expect(
      fetch(`${origin}/api/url/add`, {
        method: 'POST',
        headers: { Authorization: 'Bearer secret' },
        body: '{}',
      }),
    ).rejects.toThrow(TypeError);

    expect(await isUnreachable(origin)).toBe(false);
    expect(seen.at(-1)).toEqual({ method: 'HEAD', auth: '' });
  });

  it('is true without asking when the browser is offline', async () => {
    const { origin, seen } = await droppingServer();
    expect(await isUnreachable(origin, { online: () => false })).toBe(true);
    expect(seen).toEqual([]);
  });

  it('is false when the probe only times out: a slow server may have received the write', async () => {
    const hanging = (_: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    expect(await isUnreachable('https://slow.example', { fetch: hanging, timeoutMs: 10 })).toBe(false);
  });
});
