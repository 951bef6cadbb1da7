import { afterAll, beforeAll, beforeEach } from 'vitest';
import { type ReferenceServer, type ServerOptions, startReferenceServer } from '../../server/server';

/** A parsed response: status, headers and the JSON body (undefined when the body is not JSON). */
export interface Reply {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: tests index freely into response JSON and assert on it.
  json: any;
  text: string;
}

/** One reference server per test file, reset before each test. The high default limit keeps 429s out of tests that are not about them. */
export function useServer(options: ServerOptions = {}): { readonly server: ReferenceServer } {
  const holder = {} as { server: ReferenceServer };
  beforeAll(async () => {
    holder.server = await startReferenceServer({ port: 0, rateLimit: 10_000, ...options });
  });
  afterAll(async () => {
    await holder.server.close();
  });
  beforeEach(() => {
    holder.server.reset();
  });
  return holder;
}

/** Sends a request the way the extension does; `key: null` omits Authorization, a string replaces the key. */
export async function call(
  server: ReferenceServer,
  method: string,
  path: string,
  options: { body?: unknown; rawBody?: string; key?: string | null } = {},
): Promise<Reply> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  const key = options.key === undefined ? server.apiKey : options.key;
  if (key !== null) headers.Authorization = `Bearer ${key}`;
  const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  const response = await fetch(`${server.url}${path}`, { method, headers, body });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, json, text };
}
