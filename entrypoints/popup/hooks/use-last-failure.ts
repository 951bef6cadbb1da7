import { useEffect, useState } from 'preact/hooks';
import { getItem, type LastFailure, lastFailureItem, removeItem } from '@/lib/storage/items';

/** After this long the user has moved on: the popup no longer shows it. */
const LAST_FAILURE_SHOWN_MS = 10 * 60_000;

/**
 * The menu's or shortcut's last failure, in full: its notification only had room for the cause and
 * what to do. Shown once, by the next popup that opens within a few minutes; a new attempt clears it.
 */
export function useLastFailure() {
  const [failure, setFailure] = useState<LastFailure | null>(null);
  useEffect(() => {
    getItem(lastFailureItem)
      .then((stored) => {
        const age = stored ? Date.now() - stored.at : -1;
        if (!stored || age < 0 || age >= LAST_FAILURE_SHOWN_MS) return;
        setFailure(stored);
        return removeItem(lastFailureItem);
      })
      // Storage that cannot be read only costs the details; the notification told the rest.
      .catch(() => undefined);
  }, []);
  return {
    failure,
    /** Another attempt began: the earlier failure is no longer news. */
    clear: () => setFailure(null),
  };
}
