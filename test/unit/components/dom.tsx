/**
 * DOM helpers for the popup, options and component tests: render into document.body, find controls
 * the way a user names them (label, button text or aria-label), type, choose and click; plus a fake
 * background that answers `send(...)` through fakeBrowser's runtime.sendMessage.
 */
import { type ComponentChild, render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Message, MessageType, RequestOf, ResponseOf, Result } from '@/lib/messaging/protocol';

let root: HTMLElement | null = null;

afterEach(() => {
  if (root) render(null, root);
  root = null;
  document.body.replaceChildren();
});

/** Lets pending promises, timers of 0 ms and Preact's re-renders run. */
export async function settle(ms = 0): Promise<void> {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, ms));
  });
}

/**
 * Renders `ui` into a fresh container in document.body and lets its first loads settle; with
 * `readySelector`, waits until an element matching it is there (storage and IndexedDB reads take
 * several turns of the event loop).
 */
export async function mount(ui: ComponentChild, readySelector?: string): Promise<HTMLElement> {
  root = document.createElement('div');
  document.body.replaceChildren(root);
  const container = root;
  await act(() => {
    render(ui, container);
  });
  await settle();
  if (readySelector) {
    await vi.waitFor(() => {
      if (!container.querySelector(readySelector)) throw new Error(`${readySelector} did not appear`);
    });
    await settle();
  }
  return container;
}

const nameOf = (el: Element) => el.getAttribute('aria-label') ?? el.textContent?.trim() ?? '';

/** The buttons whose accessible name (aria-label, else text) is exactly `name`. */
export function buttons(name: string): HTMLButtonElement[] {
  return [...document.querySelectorAll('button')].filter((b) => nameOf(b) === name);
}

/** The one button named `name`; throws (with the page text) when there is none. */
export function button(name: string): HTMLButtonElement {
  const [found] = buttons(name);
  if (!found) throw new Error(`No button "${name}" in: ${document.body.textContent}`);
  return found;
}

/** The control labelled `label`: by <label for>, a wrapping <label>, or aria-label. */
export function field<T extends HTMLElement = HTMLInputElement>(label: string): T {
  for (const el of document.querySelectorAll('label')) {
    if (el.textContent?.trim() !== label) continue;
    const control = el.htmlFor ? document.getElementById(el.htmlFor) : el.querySelector('input, select');
    if (control) return control as T;
  }
  const labelled = document.querySelector(`[aria-label="${label}"]`);
  if (labelled) return labelled as T;
  throw new Error(`No field labelled "${label}" in: ${document.body.textContent}`);
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
