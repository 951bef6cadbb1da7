/**
 * A hook of the Options page, in a module of its own: Field.tsx is also part of the popup's first
 * load, which preact/hooks (~1 KB gzip) would push over its budget.
 */
import { useEffect, useRef } from 'preact/hooks';

/** Events by which the user starts something new on the page: typing, choosing, clicking a button. */
const ACTION_EVENTS = ['input', 'change', 'click', 'drop'] as const;

function startsAction(event: Event): boolean {
  if (event.type !== 'click') return true;
  return event.target instanceof Element && event.target.closest('button, a[href], summary') !== null;
}

/**
 * While `shown`, calls `clear` as soon as the user starts another action anywhere on the page, so a
 * status ("Saved…", "Imported…") never lingers next to something it is not about. Listens in the
 * capture phase: the action's own handler runs after and may set a new status.
 */
export function useClearOnNextAction(shown: boolean, clear: () => void): void {
  const clearRef = useRef(clear);
  clearRef.current = clear;
  useEffect(() => {
    if (!shown) return;
    const onEvent = (event: Event) => {
      if (startsAction(event)) clearRef.current();
    };
    for (const type of ACTION_EVENTS) document.addEventListener(type, onEvent, true);
    return () => {
      for (const type of ACTION_EVENTS) document.removeEventListener(type, onEvent, true);
    };
  }, [shown]);
}
