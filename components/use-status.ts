/** Status lines of the Options and management pages that go away once the user moves on. */
import { useEffect, useRef, useState } from 'preact/hooks';

/**
 * Events by which the user starts something new on the page: typing, choosing, clicking a button,
 * sending a form (Enter in a field may submit without a click).
 */
const ACTION_EVENTS = ['input', 'change', 'click', 'drop', 'submit'];

function startsAction(event: Event): boolean {
  if (event.type !== 'click') return true;
  return event.target instanceof Element && event.target.closest('button, a[href], summary') !== null;
}

/**
 * Whether an event makes a new attempt: a form sent, or a press of a button that sends a request (a
 * submit button, or one marked `data-attempt`). Opening a panel or adding a row is not one.
 */
export function startsAttempt(event: Event): boolean {
  if (event.type === 'submit') return true;
  return (
    event.type === 'click' &&
    event.target instanceof Element &&
    event.target.closest('button[type="submit"], button[data-attempt]') !== null
  );
}

/**
 * While `shown` is a status ('' and null are none), calls `clear` once the user starts another action
 * anywhere on the page, so a status ("Saved…", "Imported…") never lingers next to something it is not
 * about. The clear waits for the next task: re-rendering in the middle of the action's own events (a
 * checkbox's click, input and change) would reset the control before its handler reads it. A status
 * the action itself set by then is kept. `movesOn` says which events count (by default, any action).
 */
export function useClearOnNextAction(shown: unknown, clear: () => void, movesOn = startsAction): void {
  const latest = useRef({ shown, clear, movesOn });
  latest.current = { shown, clear, movesOn };
  const active = shown !== '' && shown !== null && shown !== undefined;
  useEffect(() => {
    if (!active) return;
    const onEvent = (event: Event) => {
      if (!latest.current.movesOn(event)) return;
      const seen = latest.current.shown;
      setTimeout(() => {
        if (latest.current.shown === seen) latest.current.clear();
      }, 0);
    };
    for (const type of ACTION_EVENTS) document.addEventListener(type, onEvent, true);
    return () => {
      for (const type of ACTION_EVENTS) document.removeEventListener(type, onEvent, true);
    };
  }, [active]);
}

/**
 * A status ("Saved.", "Imported…") that goes away once the user starts something else on the page;
 * undefined is none.
 */
export function useStatus<T = string>(): [T | undefined, (status: T | undefined) => void] {
  const [status, setStatus] = useState<T>();
  useClearOnNextAction(status, () => setStatus(undefined));
  return [status, setStatus];
}
