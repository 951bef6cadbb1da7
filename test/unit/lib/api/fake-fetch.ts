/**
 * A scripted stand-in for fetch: it records every request the client makes and answers each with the
 * next scripted reply (the last reply repeats).
 */
import { vi } from 'vitest';

interface RecordedCall {
  url: URL;
  method: string;
  headers: Headers;
  /** The parsed JSON body, or undefined when none was sent. */
  body: unknown;
  init: RequestInit;
}

type Reply = Response | Error | ((call: RecordedCall) => Response | Promise<Response>);

/** A JSON answer with the given status and extra headers. */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers },
  });
}

/** A raw answer, for HTML pages and broken bodies. */
export function raw(body: string, status = 200, contentType = 'text/html'): Response {
  return new Response(status === 204 ? null : body, { status, headers: { 'Content-Type': contentType } });
}

/** A fetch that never answers unless its signal aborts it (like a real, hung server). */
export function hangingFetch(): typeof fetch {
  return (_input, init) =>
    new Promise((_, reject) => {
      init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
    });
}

/** A fetch that never answers and ignores its signal (the client must still give up). */
export function deafFetch(): typeof fetch {
  return () => new Promise(() => {});
}

/** Scripted fetch; `calls` lists what the client sent. */
export function fakeFetch(...replies: Reply[]) {
  const calls: RecordedCall[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const text = typeof init.body === 'string' ? init.body : undefined;
    const call: RecordedCall = {
      url: new URL(String(input)),
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: text === undefined ? undefined : JSON.parse(text),
      init,
    };
    calls.push(call);
    const reply = replies[Math.min(calls.length, replies.length) - 1];
    if (reply === undefined) throw new Error('fakeFetch has no reply scripted');
    if (reply instanceof Error) throw reply;
    return typeof reply === 'function' ? reply(call) : reply.clone();
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}
