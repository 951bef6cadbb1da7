import { useRef, useState } from 'preact/hooks';
import type { StartUrl } from '@/entrypoints/popup/start-url';
import { t } from '@/lib/i18n';
import { namesList } from '@/lib/present/labels';
import type { Behaviour } from '@/lib/settings/schema';
import { resolvePageUrl } from '@/lib/url/page-url';
import { unwrapRedirect } from '@/lib/url/unwrap';
import { canonicalStartUrl } from '../start-url';

/**
 * The long URL as the behaviour settings changed it, and why (the notice's text). Undo puts
 * `previous` back and goes back to `before`: the canonical URL to the tab's address cleaned of
 * tracking parameters, that one to the address unwrapped, that one to the tab's own.
 */
interface Adjusted {
  url: string;
  reason: string;
  /** The URL before this change. */
  previous: string;
  before: Adjusted | null;
  /** A redirect wrapper the user pasted, not the tab's address: its Undo says so, and it has no page title. */
  typed?: boolean;
}

/** The notice of a redirect wrapper taken off. */
const unwrappedNotice = (wrappers: string[]) => t('common_unwrapped_from', namesList(wrappers));

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
  // Set once the user undid an unwrap of what they pasted: their next pastes stay as they are.
  const keepWrapped = useRef(false);

  return {
    source,
    adjusted,
    /** Takes the popup's start URL; returns it cleaned as the settings say, for the form. */
    begin(start: StartUrl, behaviour: Behaviour): string {
      const url = start.url && resolvePageUrl(start.url, null, behaviour);
      const inner = start.url && behaviour.unwrapRedirects ? unwrapRedirect(start.url) : null;
      const unwrapped: Adjusted | null = inner && {
        url: inner.url,
        reason: unwrappedNotice(inner.wrappers),
        previous: start.url,
        before: null,
      };
      const cleanedFrom = unwrapped?.url ?? start.url;
      setSource(start);
      setAdjusted(
        url === cleanedFrom
          ? unwrapped
          : { url, reason: t('popup_tracking_removed'), previous: cleanedFrom, before: unwrapped },
      );
      return url;
    },
    /**
     * What the user pasted into the Long URL field, unwrapped when it is a redirect wrapper (and the
     * setting is on, and they did not undo an unwrap before): the URL to put in the field, or null to
     * leave it as it is.
     */
    unwrapTyped(text: string, behaviour: Behaviour): string | null {
      if (!behaviour.unwrapRedirects || keepWrapped.current) return null;
      const inner = unwrapRedirect(text);
      if (!inner) return null;
      setAdjusted({
        url: inner.url,
        reason: unwrappedNotice(inner.wrappers),
        previous: text.trim(),
        before: null,
        typed: true,
      });
      return inner.url;
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
      const ofTab = url === source.url || (url === adjusted?.url && !adjusted.typed);
      return ofTab && source.title ? source.title : undefined;
    },
    /** Goes back to the address before the last change; returns it, for the form. */
    undo(): string {
      edited.current = true;
      const { adjusted, source } = latest.current;
      if (adjusted?.typed) keepWrapped.current = true;
      setAdjusted(adjusted?.before ?? null);
      return adjusted?.previous ?? source.url;
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
      setAdjusted({ url, reason: t('popup_canonical_used'), previous: current, before });
      field.replace(url);
    },
  };
}

/** What useStartUrl returns. */
export type StartUrlState = ReturnType<typeof useStartUrl>;
