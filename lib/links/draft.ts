/**
 * The popup's draft: what the user typed, kept per start URL (the tab's URL when the popup opened),
 * so a popup that closed by accident — it closes whenever it loses focus — opens again with it.
 *
 *   const drafts = await readDrafts();                  // once, when the popup opens
 *   const draft = drafts[startUrl];                     // restore it, if any
 *   const save = draftSaver(drafts, startUrl, () => ({ profileId, state: { form, more, moreOpen }, request }));
 *   save.schedule();                                    // after each change: written 300 ms later
 *   save.clear();                                       // the link was made
 *
 * A change not written yet is written at once when the pointer leaves the popup or the page hides.
 *
 * Drafts live in storage.session: memory only, gone when the browser closes, so the link password
 * typed in More options never reaches disk.
 */
import { type Draft, type Drafts, draftsItem, getItem, type StorageAreas, setItem } from '../storage/items';

/** How long typing must pause before the draft is written. */
export const DRAFT_DEBOUNCE_MS = 300;
/** Drafts unchanged for longer are dropped at the next write: the user has moved on. */
export const DRAFT_TTL_MS = 24 * 60 * 60_000;

type Areas = Pick<StorageAreas, 'session'>;

// This page's last write of the drafts. The side panel leaves one page's draft for another's in the
// same document: the new page's read must see that write, or its own first write (the whole map) would
// put the old draft back as it was.
let lastWrite: Promise<unknown> = Promise.resolve();

/** Every well-formed draft kept (draftsItem drops damaged ones), or none when storage fails. */
export async function readDrafts(areas: Areas = browser.storage): Promise<Drafts> {
  await lastWrite;
  return getItem(draftsItem, areas.session).catch(() => ({}));
}

/**
 * Keeps one start URL's draft in `drafts` (as read by readDrafts) and in storage. `current` gives the
 * draft as it is now; it is called only when a change is written.
 */
export function draftSaver(
  drafts: Drafts,
  url: string,
  current: () => Omit<Draft, 'at'>,
  areas: Areas = browser.storage,
  ms = DRAFT_DEBOUNCE_MS,
) {
  const area = areas.session;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let dirty = false;
  let stopped = false;

  // Synchronous up to the storage call, so a write started by `pagehide` leaves before the page goes.
  function write(draft: Omit<Draft, 'at'> | null) {
    clearTimeout(timer);
    dirty = false;
    delete drafts[url];
    // Drafts of pages left long ago go: a browser that stays open for weeks keeps its memory small.
    for (const [other, { at }] of Object.entries(drafts))
      if (Date.now() - at > DRAFT_TTL_MS) delete drafts[other];
    if (draft) drafts[url] = { ...draft, at: Date.now() };
    lastWrite = setItem(draftsItem, drafts, area).catch(() => undefined);
  }

  const flush = () => {
    if (dirty) write(current());
  };
  // A popup closes when it loses focus, and Chrome then runs none of its handlers: what is typed but
  // not written yet is written as the pointer leaves the popup, on its way to the click that closes
  // it, and when the page hides (Firefox, or a popup window closed normally).
  document.addEventListener('mouseleave', flush);
  addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', flush);
  return {
    /** Writes the draft once changes pause. */
    schedule() {
      dirty = true;
      clearTimeout(timer);
      timer = setTimeout(flush, ms);
    },
    /** Writes a pending change now. */
    flush,
    /** Forgets this URL's draft. */
    clear() {
      if (!stopped) return write(null);
      // The link was made after the side panel moved on to another page, whose own saver has written
      // since: `drafts` is stale, so the URL is removed from what storage holds now.
      clearTimeout(timer);
      lastWrite = lastWrite
        .then(() => getItem(draftsItem, area))
        .then((fresh) => {
          delete fresh[url];
          return setItem(draftsItem, fresh, area);
        })
        .catch(() => undefined);
    },
    /** Writes a pending change now and stops keeping this URL's draft: the page moved on to another. */
    stop() {
      flush();
      stopped = true;
      document.removeEventListener('mouseleave', flush);
      removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', flush);
    },
  };
}

/**
 * Forgets the draft kept for `url`, from outside the page that kept it: the outage queue made the
 * link the popup queued, so the popup opens afresh. Never rejects.
 */
export async function dropDraft(url: string, areas: Areas = browser.storage): Promise<void> {
  const area = areas.session;
  try {
    const drafts = await getItem(draftsItem, area);
    if (!(url in drafts)) return;
    delete drafts[url];
    await setItem(draftsItem, drafts, area);
  } catch {
    // A draft left behind only offers again what the user typed.
  }
}

/** What draftSaver returns. */
export type DraftSaver = ReturnType<typeof draftSaver>;
