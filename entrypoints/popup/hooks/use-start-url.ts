import { useRef, useState } from 'preact/hooks';
import type { StartUrl } from '@/entrypoints/popup/start-url';
import type { Behaviour } from '@/lib/settings/schema';
import { resolvePageUrl } from '@/lib/url/page-url';
import { canonicalStartUrl } from '../start-url';

/**
 * The start URL as the behaviour settings changed it, and why. Undo goes back to `before`: the
 * canonical URL to the tab's address cleaned of tracking parameters, that one to the tab's own.
 */
interface Adjusted {
  url: string;
  reason: 'popup_tracking_removed' | 'popup_canonical_used';
  before: Adjusted | null;
}

/** The Long URL field as the canonical URL sees it. */
interface UrlField {
  /** The URL in the field now. */
  current(): string;
  /** Puts the canonical URL in the field. */
  replace(url: string): void;
  /** True once the popup has moved on (a result, a request running, another profile). */
  moved(): boolean;
}

/**
 * Where the popup's long URL came from (entrypoints/popup/start-url.ts), what the behaviour settings made
 * of it (tracking parameters removed, the page's canonical URL), and the Undo of that.
 */
export function useStartUrl() {
  const [source, setSource] = useState<StartUrl>({ url: '', reason: null });
  const [adjusted, setAdjusted] = useState<Adjusted | null>(null);
  const latest = useRef({ source, adjusted });
  latest.current = { source, adjusted };
  // Set once the user types in the Long URL field: a late canonical URL then leaves it alone.
  const edited = useRef(false);

  return {
    source,
    adjusted,
    /** Takes the popup's start URL; returns it cleaned as the settings say, for the form. */
    begin(start: StartUrl, behaviour: Behaviour): string {
      const url = start.url && resolvePageUrl(start.url, null, behaviour);
      setSource(start);
      setAdjusted(url !== start.url ? { url, reason: 'popup_tracking_removed', before: null } : null);
      return url;
    },
    /** The user typed the URL, or a draft restored what they typed: it is theirs from now on. */
    markEdited() {
      edited.current = true;
    },
    /**
     * The page's title when `url` is the page's (the tab's address, or the one the behaviour settings
     * made of it): what a link to it is titled with. Undefined for any other address.
     */
    titleFor(url: string): string | undefined {
      const { source, adjusted } = latest.current;
      return (url === source.url || url === adjusted?.url) && source.title ? source.title : undefined;
    },
    /** Goes back to the address before the last change; returns it, for the form. */
    undo(): string {
      edited.current = true;
      const before = latest.current.adjusted?.before ?? null;
      setAdjusted(before);
      return before?.url ?? latest.current.source.url;
    },
    /**
     * Puts the page's canonical URL in the field once the page answers, after the first render:
     * reading it takes a script in the tab, which must not hold the form back. Not if the user
     * typed meanwhile.
     */
    async applyCanonical(tabId: number, tabUrl: string, behaviour: Behaviour, field: UrlField) {
      const url = await canonicalStartUrl(tabId, tabUrl, behaviour);
      const current = field.current();
      if (!url || url === current || edited.current || field.moved()) return;
      // Undo then goes back to the address as it was: cleaned of tracking parameters when that is on.
      const { adjusted } = latest.current;
      const before = adjusted?.url === current ? adjusted : null;
      setAdjusted({ url, reason: 'popup_canonical_used', before });
      field.replace(url);
    },
  };
}

/** What useStartUrl returns. */
export type StartUrlState = ReturnType<typeof useStartUrl>;
