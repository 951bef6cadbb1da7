/**
 * The popup's parts a first screen does not show (later.ts), loaded after it (components/lazy.tsx):
 * when the popup is idle after its first screen, so that a click draws them at once, or when one is
 * drawn first. They are one file, loaded once.
 *
 * Measured with `npm run bench` (issue #27; README, Performance), two alternated pairs of `--only
 * ready,trace --runs 10` against the same popup with them in its one file: document ready
 * +50.8/+45.8 → +40.5/+28.2 ms over the bare popup, its own part 2.27×/2.12× → 1.95×/2.07×.
 */
import { lazy, whenIdle } from '@/components/lazy';

const load = () => import('./later');

export const MoreOptions = lazy(() => load().then((m) => m.MoreOptions));
export const QrCode = lazy(() => load().then((m) => m.QrCode));
export const PresetResults = lazy(() => load().then((m) => m.PresetResults));
export const QueueList = lazy(() => load().then((m) => m.QueueList));
export const AllTabsReport = lazy(() => load().then((m) => m.AllTabsReport));

const PARTS = [MoreOptions, QrCode, PresetResults, QueueList, AllTabsReport];

/** Loads the parts now; settles once each is there, or could not be loaded (its next draw tries again). */
export async function loadLaterParts(): Promise<void> {
  await Promise.all(PARTS.map((part) => part.preload()));
}

/** Loads the parts once the first screen is drawn and the popup has nothing else to do. */
export function loadLaterPartsWhenIdle(): void {
  whenIdle(() => void loadLaterParts());
}
