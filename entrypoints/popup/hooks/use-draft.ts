import { useLayoutEffect, useRef } from 'preact/hooks';
import { type DraftSaver, draftSaver } from '@/lib/links/draft';
import type { Draft, DraftState, Drafts } from '@/lib/storage/items';

type ShortenRequest = Draft['request'];

/**
 * What the user typed, kept for the start URL until the link is made (lib/links/draft.ts), and the
 * id of the last shorten request with the input it was for: sending the same input again reuses the
 * id, so a double click or a retry after a lost reply never makes a second link.
 */
export function useDraft() {
  const saver = useRef<DraftSaver | null>(null);
  const request = useRef<ShortenRequest>(null);
  const kept = useRef<string | null>(null);
  // The side panel replaces the form when the user switches tabs: what was typed is written first.
  useLayoutEffect(() => () => saver.current?.stop(), []);
  return {
    /** Starts keeping the draft of `url`; `current` gives the form as it is when a change is written. */
    keep(drafts: Drafts, url: string, current: () => { profileId: string; state: DraftState }) {
      saver.current = draftSaver(drafts, url, () => ({ ...current(), request: request.current }));
      kept.current = url;
    },
    /** The URL whose draft is kept (the page the form was opened for); null before `keep`. */
    url: () => kept.current,
    /** Takes up the request of a restored draft, or forgets it (null) when the profile changes. */
    setRequest(restored: ShortenRequest) {
      request.current = restored;
    },
    /**
     * The request id for `input` (the last one when the input is the same), written into the draft at
     * once: the popup may close before the answer comes, and a reopened popup joins that request.
     */
    requestId(input: unknown): string {
      const key = JSON.stringify(input);
      if (request.current?.key !== key) request.current = { key, id: crypto.randomUUID() };
      saver.current?.schedule();
      saver.current?.flush();
      return request.current.id;
    },
    /** Keeps the form in the draft; call after each change the user makes. */
    changed: () => saver.current?.schedule(),
    /** The link is made: this URL's draft is done with. */
    clear: () => saver.current?.clear(),
  };
}

/** What useDraft returns. */
export type DraftKeeper = ReturnType<typeof useDraft>;
