import { useLayoutEffect, useRef } from 'preact/hooks';
import { canOpenSidePanel, openSidePanel } from '@/lib/side-panel';

/**
 * Opening the side panel from the popup's header, then closing the popup: null where the browser has
 * no side panel. Chrome needs the window's id in the click itself, so it is read when the popup opens.
 * `onFail` is called when the browser refused to open it.
 */
export function useOpenSidePanel(onFail: () => void): (() => void) | null {
  const windowId = useRef<number | undefined>(undefined);
  const supported = canOpenSidePanel();
  useLayoutEffect(() => {
    if (!supported) return;
    browser.windows
      .getCurrent()
      .then((window) => {
        windowId.current = window.id;
      })
      // Without the id, Chrome's open fails on click, and the popup says so.
      .catch(() => undefined);
  }, []);
  if (!supported) return null;
  return () => {
    openSidePanel(windowId.current).then(
      () => window.close(),
      () => onFail(),
    );
  };
}
