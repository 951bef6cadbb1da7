import { useRef, useState } from 'preact/hooks';
import { allTabsAskedItem, setItem } from '@/lib/storage/items';
import { type AllTabsView, resumeAllTabs, shortenAllTabs } from '../all-tabs';

/**
 * Notes that this popup asks for the `tabs` permission: Chromium closes the popup while it asks,
 * and the next popup takes the request up (all-tabs.ts).
 */
function noteAsked() {
  void setItem(allTabsAskedItem, Date.now());
}

/**
 * "Shorten all tabs": what its box shows (null before it is asked for), the button's action, and
 * what a popup takes up as it opens. `onDone` is called once a run has put its links in the cache.
 */
export function useAllTabs(onDone: () => void) {
  const [view, setView] = useState<AllTabsView | null>(null);
  const [started, setStarted] = useState(false);
  const done = useRef(onDone);
  done.current = onDone;
  const show = (next: AllTabsView) => {
    setView(next);
    if (next.kind === 'done') done.current();
  };
  return {
    view,
    /** True once the user pressed the button in this popup: a run taken up on opening is not. */
    started,
    /** Runs it for this window. The permission request comes first: it needs the click's user gesture. */
    async start() {
      if (view?.kind === 'running') return;
      setStarted(true);
      noteAsked();
      const granted = await browser.permissions.request({ permissions: ['tabs'] }).catch(() => false);
      await shortenAllTabs(granted, show);
    },
    /** Another attempt began: a finished run's report goes; a running one keeps counting. */
    clearReport() {
      setView((shown) => (shown?.kind === 'running' ? shown : null));
    },
    /** Shows a run this popup should take up as it opens (see resumeAllTabs). */
    resume: () => resumeAllTabs(show),
  };
}
