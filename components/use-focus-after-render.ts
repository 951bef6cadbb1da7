/**
 * Where keyboard focus goes after an action: the control a keyboard user just used may disappear or
 * be disabled by the render the action causes, and the next Tab would then start over from the top
 * of the page. Every page moves focus through the hook here, once that render is on screen.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';

/** An element's id, or a ref to it. */
type FocusTarget = string | { readonly current: HTMLElement | null };

interface FocusRequest {
  target: FocusTarget;
  /** Only when focus went nowhere: never take it from where the user moved it meanwhile. */
  ifLost: boolean;
}

/**
 * True when nothing has focus any more: the focused element was removed from the page (a browser
 * then puts focus on the body, as it does for one that became hidden or disabled).
 */
export function focusIsLost(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || !active.isConnected;
}

/**
 * Returns `focusAfterRender(target)`, which focuses `target` once the next render is on screen. Each
 * call is a new request, so asking for the same element again focuses it again.
 */
export function useFocusAfterRender(): (target: FocusTarget, options?: { ifLost?: boolean }) => void {
  const [request, setRequest] = useState<FocusRequest | null>(null);
  useLayoutEffect(() => {
    if (!request || (request.ifLost && !focusIsLost())) return;
    const { target } = request;
    (typeof target === 'string' ? document.getElementById(target) : target.current)?.focus();
  }, [request]);
  return useCallback((target, options) => setRequest({ target, ifLost: options?.ifLost ?? false }), []);
}

/**
 * A ref for the button that opens a panel (an edit form, a confirmation). When the panel closes
 * and focus was inside it (Cancel, Save, Escape), focus goes back to that button instead of
 * falling to the page's body; a user who clicked elsewhere meanwhile keeps their focus.
 */
export function useReturnFocus<T extends HTMLElement>(open: boolean) {
  const trigger = useRef<T>(null);
  const wasOpen = useRef(open);
  const focusAfterRender = useFocusAfterRender();
  useEffect(() => {
    if (wasOpen.current && !open) focusAfterRender(trigger, { ifLost: true });
    wasOpen.current = open;
  }, [open, focusAfterRender]);
  return trigger;
}
