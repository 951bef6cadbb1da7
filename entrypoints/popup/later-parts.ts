/**
 * The popup's parts that are not on its first screen and load after it (components/lazy.tsx): More
 * options, with every field of the link editor and its lists from the server, and the result's QR
 * code, with its encoder. They load when the popup is idle after its first screen, so a click
 * draws them at once. `npm run bench` (issue #27): FIGURE.
 */
import { lazy, whenIdle } from '@/components/lazy';

export const MoreOptions = lazy(() => import('./components/more-options').then((m) => m.MoreOptions));

export const QrCode = lazy(() => import('@/components/qr-code').then((m) => m.QrCode));

/** Loads the parts once the first screen is drawn and the popup has nothing else to do. */
export function loadLaterParts(): void {
  whenIdle(() => {
    MoreOptions.preload();
    QrCode.preload();
  });
}
