/**
 * browser.permissions.onAdded / onRemoved for the Options tests: fakeBrowser has only stubs that
 * throw. The listeners are kept, and the test fires them as the browser would after a grant.
 */
import { fakeBrowser } from 'wxt/testing/fake-browser';

type Change = { origins?: string[]; permissions?: string[] };
type Listener = (change: Change) => void;

function fakeEvent() {
  const listeners = new Set<Listener>();
  return {
    addListener: (listener: Listener) => void listeners.add(listener),
    removeListener: (listener: Listener) => void listeners.delete(listener),
    hasListeners: () => listeners.size > 0,
    fire: (change: Change) => {
      for (const listener of listeners) listener(change);
    },
  };
}

/** Installs the two events on fakeBrowser.permissions; call in beforeEach (after fakeBrowser.reset). */
export function stubPermissionEvents() {
  const onAdded = fakeEvent();
  const onRemoved = fakeEvent();
  Object.assign(fakeBrowser.permissions, { onAdded, onRemoved });
  return { onAdded, onRemoved };
}
