/** Rendering helpers for the management views: a fake `callApi` and DOM queries by visible text. */
import { type ComponentChildren, render } from 'preact';
import { act } from 'preact/test-utils';
import { vi } from 'vitest';
import { ApiContext } from '@/components/manage/api-context';
import type { CallApi } from '@/lib/messaging/call-api';
import type { Result } from '@/lib/messaging/protocol';

type Handler = (method: string, ...args: unknown[]) => Result<unknown> | Promise<Result<unknown>>;

/** A fake `callApi` that records calls and answers with `handler`. */
export function fakeApi(handler: Handler) {
  const fn = vi.fn(async (method: string, ...args: unknown[]) => handler(method, ...args));
  return Object.assign(fn as unknown as CallApi, {
    calls: fn.mock.calls,
    /** The argument lists of every call of one method. */
    callsOf: (method: string) => fn.mock.calls.filter(([m]) => m === method).map(([, ...args]) => args),
  });
}

/** Lets pending promises and effects settle. */
export async function settle(ms = 0): Promise<void> {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, ms));
  });
}

/** Renders `ui` inside the API provider and waits for the first loads. */
export async function mount(ui: ComponentChildren, api: CallApi): Promise<HTMLElement> {
  const container = document.createElement('div');
  document.body.replaceChildren(container);
  await act(() => {
    render(<ApiContext.Provider value={api}>{ui}</ApiContext.Provider>, container);
  });
  await settle();
  return container;
}

/** The button whose text (or aria-label) is exactly `name`; throws when there is none. */
export function button(root: HTMLElement, name: string): HTMLButtonElement {
  const found = [...root.querySelectorAll('button')].find(
    (b) => b.textContent?.trim() === name || b.getAttribute('aria-label') === name,
  );
  if (!found) throw new Error(`No button "${name}" in: ${root.textContent}`);
  return found;
}

/** The control labelled `label` (by <label for>). */
export function field<T extends HTMLElement = HTMLInputElement>(root: HTMLElement, label: string): T {
  const labelEl = [...root.querySelectorAll('label')].find((l) => l.textContent?.trim() === label);
  const control = labelEl?.htmlFor ? root.querySelector(`[id="${labelEl.htmlFor}"]`) : null;
  if (!control) throw new Error(`No field labelled "${label}"`);
  return control as T;
}

export async function click(element: HTMLElement): Promise<void> {
  await act(() => {
    element.click();
  });
  await settle();
}

export async function type(input: HTMLInputElement | HTMLTextAreaElement, value: string): Promise<void> {
  await act(() => {
    input.value = value;
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

export async function choose(select: HTMLSelectElement, value: string): Promise<void> {
  await act(() => {
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
  await settle();
}

export async function submit(form: HTMLFormElement): Promise<void> {
  await act(() => {
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
  });
  await settle();
}

/** Texts of every role="alert" element. */
export function alerts(root: HTMLElement): string[] {
  return [...root.querySelectorAll('[role="alert"]')].map((el) => el.textContent?.trim() ?? '');
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
