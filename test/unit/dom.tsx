/**
 * DOM helpers for every page's tests (popup, Options, the management page, components): render into
 * document.body, find controls the way a user names them (label, button text or aria-label), type,
 * choose, click and submit; plus a fake background that answers `send(...)` through fakeBrowser's
 * runtime.sendMessage, and a fake `callApi` for the management views.
 */
import { type ComponentChild, render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createServerCache, type ServerCache } from '@/components/server-cache';
import { ServerContext } from '@/entrypoints/manage/api-context';
import type { CallApi } from '@/lib/messaging/call-api';
import type { Message, MessageType, RequestOf, ResponseOf, Result } from '@/lib/messaging/protocol';

let root: HTMLElement | null = null;

afterEach(async () => {
  // act() runs the unmounted components' effect cleanups now: Preact 11 defers them to after paint.
  const container = root;
  if (container) await act(() => render(null, container));
  root = null;
  document.body.replaceChildren();
});

/** Lets pending promises, timers of 0 ms and Preact's re-renders run. */
export async function settle(ms = 0): Promise<void> {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, ms));
  });
}

// One page's cache per fake caller: mounting again with the same caller is the same page, visited again.
const caches = new WeakMap<CallApi, ServerCache>();
const cacheOf = (call: CallApi) => caches.get(call) ?? caches.set(call, createServerCache(call)).get(call)!;

/**
 * Renders `ui` into a fresh container in document.body and lets its first loads settle. `ready` is
 * either a selector to wait for (storage and IndexedDB reads take several turns of the event loop),
 * or the `callApi` a management view's server cache asks through (its ServerContext).
 */
export async function mount(ui: ComponentChild, ready?: string | CallApi): Promise<HTMLElement> {
  root = document.createElement('div');
  document.body.replaceChildren(root);
  const container = root;
  const tree =
    typeof ready === 'function' ? (
      <ServerContext.Provider value={cacheOf(ready)}>{ui}</ServerContext.Provider>
    ) : (
      ui
    );
  await act(() => {
    render(tree, container);
  });
  await settle();
  if (typeof ready === 'string') {
    await vi.waitFor(() => {
      if (!container.querySelector(ready)) throw new Error(`${ready} did not appear`);
    });
    await settle();
  }
  return container;
}

/** Whether a button's accessible name (its aria-label, else its text) is `name`. */
const isNamed = (el: Element, name: string) =>
  (el.getAttribute('aria-label') ?? el.textContent?.trim() ?? '') === name;

/** Where a query looks: an element given first, else the whole page. */
type Scoped<A extends unknown[]> = A | [ParentNode, ...A];
const scope = <A extends unknown[]>(args: Scoped<A>): [ParentNode, A] =>
  typeof args[0] === 'string' ? [document, args as A] : [args[0] as ParentNode, args.slice(1) as A];

/** The buttons named `name` (in the element given first, else on the whole page). */
export function buttons(...args: Scoped<[name: string]>): HTMLButtonElement[] {
  const [within, [name]] = scope(args);
  return [...within.querySelectorAll('button')].filter((b) => isNamed(b, name));
}

/** The one button named `name`; throws (with the page text) when there is none. */
export function button(...args: Scoped<[name: string]>): HTMLButtonElement {
  const [within, [name]] = scope(args);
  const [found] = buttons(within, name);
  if (!found) throw new Error(`No button "${name}" in: ${within.textContent}`);
  return found;
}

/**
 * The control labelled `label` (in the element given first, else on the whole page): by
 * <label for>, a wrapping <label>, or aria-label.
 */
export function field<T extends HTMLElement = HTMLInputElement>(...args: Scoped<[label: string]>): T {
  const [within, [label]] = scope(args);
  for (const el of within.querySelectorAll('label')) {
    if (el.textContent?.trim() !== label) continue;
    const control = el.htmlFor
      ? within.querySelector(`[id="${el.htmlFor}"]`)
      : el.querySelector('input, select');
    if (control) return control as T;
  }
  const labelled = within.querySelector(`[aria-label="${label}"]`);
  if (labelled) return labelled as T;
  throw new Error(`No field labelled "${label}" in: ${within.textContent}`);
}

/** Whether a control labelled `label` exists. */
export function hasField(label: string): boolean {
  try {
    field(label);
    return true;
  } catch {
    return false;
  }
}

/** Replaces the value of an input as typing would, firing `input`. */
export async function typeInto(input: HTMLInputElement, value: string): Promise<void> {
  await act(() => {
    input.value = value;
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await settle();
}

/**
 * Pastes `text` over the field's whole value, as the browser does: a `paste` event the page may
 * cancel, then the text inserted (line breaks as spaces in a one-line input) and `input` fired.
 */
export async function paste(input: HTMLInputElement | HTMLTextAreaElement, text: string): Promise<void> {
  await act(() => {
    input.focus();
    input.select();
    const event = new Event('paste', { bubbles: true, cancelable: true });
    Object.defineProperty(event, 'clipboardData', { value: { getData: () => text } });
    input.dispatchEvent(event);
    if (event.defaultPrevented) return;
    input.value = input instanceof HTMLInputElement ? text.replace(/\r?\n/g, ' ') : text;
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await settle();
}

/** Replaces the value of an input or textarea as typing would, firing `input`, without waiting after. */
export async function type(input: HTMLInputElement | HTMLTextAreaElement, value: string): Promise<void> {
  await act(() => {
    input.value = value;
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** Picks an option of a select, firing `change`. */
export async function choose(select: HTMLSelectElement, value: string): Promise<void> {
  await act(() => {
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
  await settle();
}

/** Ticks or unticks a checkbox, firing `change`. */
export async function tick(box: HTMLInputElement, checked: boolean): Promise<void> {
  await act(() => {
    box.checked = checked;
    box.dispatchEvent(new Event('change', { bubbles: true }));
  });
  await settle();
}

/** Clicks an element and lets what it started settle. */
export async function click(element: HTMLElement): Promise<void> {
  await act(() => {
    element.click();
  });
  await settle();
}

/** Submits a form as Enter or its submit button would. */
export async function submit(form: HTMLFormElement): Promise<void> {
  await act(() => {
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
  });
  await settle();
}

/** Texts of every role="alert" element in `within`. */
export function alerts(within: ParentNode): string[] {
  return [...within.querySelectorAll('[role="alert"]')].map((el) => el.textContent?.trim() ?? '');
}

/** The text of the first element with `role`, or null. */
export function roleText(role: string): string | null {
  return document.querySelector(`[role="${role}"]`)?.textContent ?? null;
}

type Handler<K extends MessageType> = (
  payload: RequestOf<K>,
) => Result<ResponseOf<K>> | Promise<Result<ResponseOf<K>>>;

/**
 * A stand-in background: answers each message type with its handler (unknown types fail like a real
 * bad message) and records every message sent, in order.
 */
export function fakeBackground(handlers: { [K in MessageType]?: Handler<K> }) {
  const sent: Message[] = [];
  const spy = vi.spyOn(fakeBrowser.runtime, 'sendMessage').mockImplementation((async (message: Message) => {
    sent.push(message);
    const handler = handlers[message.type] as Handler<MessageType> | undefined;
    if (!handler)
      return { ok: false, error: { kind: 'bad_message', message: `No handler for ${message.type}` } };
    return handler(message.payload as never);
  }) as never);
  return {
    spy,
    sent,
    /** Payloads of every message of one type. */
    of: <K extends MessageType>(type: K) =>
      sent.filter((m) => m.type === type).map((m) => m.payload as RequestOf<K>),
  };
}

/** A successful Result. */
export const ok = <T,>(data: T): Result<T> => ({ ok: true, data });

type ApiHandler = (method: string, ...args: unknown[]) => Result<unknown> | Promise<Result<unknown>>;

/** A fake `callApi` for the management views that records calls and answers with `handler`. */
export function fakeApi(handler: ApiHandler) {
  const fn = vi.fn(async (method: string, ...args: unknown[]) => handler(method, ...args));
  return Object.assign(fn as unknown as CallApi, {
    calls: fn.mock.calls,
    /** The argument lists of every call of one method. */
    callsOf: (method: string) => fn.mock.calls.filter(([m]) => m === method).map(([, ...args]) => args),
  });
}

/** A server page of `items`. */
export function page<T>(items: T[], currentPage: number, maxPage: number, total = items.length) {
  return {
    items,
    total,
    perPage: 25,
    currentPage,
    nextPage: currentPage < maxPage ? currentPage + 1 : null,
    maxPage,
  };
}
