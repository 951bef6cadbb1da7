import { useRef, useState } from 'preact/hooks';
import { copyPayload } from '@/components/clipboard';
import type { ErrorData } from '@/lib/api/errors';
import type { LinkInput } from '@/lib/api/schemas';
import { t, tPlural } from '@/lib/i18n';
import { distinctUrls, type ListRowView, listRowsOf, MAX_LIST_URLS, sharedLinks } from '@/lib/jobs/url-list';
import { type CachedLink, linksForUrl, longUrlKey } from '@/lib/links/cache';
import { copyPayloadForList, FORMAT_NAMES } from '@/lib/links/copy-format';
import { send } from '@/lib/messaging/send';
import type { Behaviour, CopyFormat } from '@/lib/settings/schema';
import { listJobItem, watchItem } from '@/lib/storage/items';
import { resolveLinkUrl } from '@/lib/url/page-url';
import { distinctUrl, urlsInText } from '@/lib/url/several';

/** What the list shows once Shorten was pressed: the rows so far, and how the run ended. */
export interface SeveralRun {
  rows: ListRowView[];
  /** Set once the run ended: whether its list reached the clipboard, and the list as copied. */
  end?: { copied: boolean; text: string };
  error?: ErrorData;
}

/**
 * "Several URLs at once": a text pasted (or typed) into the Long URL field that holds several URLs
 * turns the form into a list of them, cleaned and unwrapped as a single URL is, each once. Shorten
 * sends them as one `shortenUrls` request with the form's options: the background runs them on the
 * job runner and copies the list at the end, so closing the popup does not stop it. The rows follow
 * the run from storage while it goes. Nothing is read or watched until a list is pasted.
 */
export function useSeveralUrls(profileId: () => string, onDone: () => void) {
  const [urls, setUrls] = useState<string[] | null>(null);
  // The cached link of each URL of the list, by longUrlKey: read when the list is taken, as the
  // popup holds only the newest links.
  const [known, setKnown] = useState<ReadonlyMap<string, CachedLink>>(new Map());
  const madeBefore = (url: string) => known.get(longUrlKey(url));
  // The lookup under way or done: Shorten waits for it, for the titles it gives.
  const lookup = useRef<Promise<ReadonlyMap<string, CachedLink>>>(Promise.resolve(new Map()));
  const [cut, setCut] = useState(false);
  const [run, setRun] = useState<SeveralRun | null>(null);
  const [pending, setPending] = useState(false);
  const [status, setStatus] = useState('');
  const inFlight = useRef(false);
  // The options the list was made with: "Make distinct" makes its link with the same ones.
  const options = useRef<LinkInput | null>(null);

  /** Copies the rows' short links as one block in `format`. */
  const copyRows = async (rows: readonly ListRowView[], format: CopyFormat) => {
    const links = rows.flatMap((row) => (row.shortUrl ? [{ shortUrl: row.shortUrl, title: row.title }] : []));
    if (links.length === 0) return;
    const copied = await copyPayload(copyPayloadForList(links, format));
    setStatus(
      !copied
        ? t('popup_copy_failed')
        : format === 'plain'
          ? tPlural('popup_several_copied', links.length)
          : tPlural('popup_several_copied_as', links.length, t(FORMAT_NAMES[format])),
    );
  };

  return {
    /** The distinct URLs of the list; null while the form is for one URL. */
    urls,
    /** True when the text held more than MAX_LIST_URLS and the rest was left out. */
    cut,
    run,
    pending,
    /** What the screen reader's live line announces. */
    status,
    /** The link made before for `url`, which Shorten reuses without a request. */
    madeBefore,
    /** Turns the form into a list when `text` holds several URLs; false (and nothing changes) otherwise. */
    take(text: string, behaviour: Behaviour): boolean {
      const found = distinctUrls(urlsInText(text).map((url) => resolveLinkUrl(url, behaviour)));
      if (found.length < 2) return false;
      const listed = found.slice(0, MAX_LIST_URLS);
      setUrls(listed);
      setCut(found.length > MAX_LIST_URLS);
      const id = profileId();
      lookup.current = Promise.all(listed.map((url) => linksForUrl(id, url))).then(
        (each) =>
          new Map(
            each.flatMap((links) => (links[0] ? [[longUrlKey(links[0].longUrl), links[0]] as const] : [])),
          ),
      );
      void lookup.current.then(setKnown);
      setRun(null);
      setStatus(tPlural('popup_several_found', Math.min(found.length, MAX_LIST_URLS)));
      return true;
    },
    /** Takes a URL off the list; the last one left goes back to the form's field (`onOne`). */
    remove(url: string, onOne: (url: string) => void) {
      const left = (urls ?? []).filter((other) => other !== url);
      setRun(null);
      if (left.length > 1) return setUrls(left);
      setUrls(null);
      setCut(false);
      onOne(left[0] ?? '');
    },
    /** Back to the form for one URL. */
    leave() {
      setUrls(null);
      setCut(false);
      setRun(null);
    },
    /** Makes a link of each URL with the form's `input` (its alias left out) and copies the list. */
    async submit(input: LinkInput) {
      if (!urls || inFlight.current) return;
      inFlight.current = true;
      setPending(true);
      setStatus(tPlural('popup_several_shortening', urls.length));
      const { custom: _alias, ...rest } = input;
      options.current = rest;
      const found = await lookup.current.catch(() => new Map<string, CachedLink>());
      const items = urls.map((url) => ({
        input: { ...rest, url },
        // A pasted URL has no page to read: only the cache knows its title.
        title: found.get(longUrlKey(url))?.title.trim() ?? '',
        label: '',
      }));
      const startedAt = Date.now();
      setRun({ rows: [] });
      const stop = watchItem(listJobItem, (job) => {
        if (job?.source === 'popup' && job.createdAt >= startedAt - 1_000 && job.state !== 'done') {
          setRun({ rows: listRowsOf(job) });
        }
      });
      const reply = await send('shortenUrls', { items, source: 'popup' });
      stop();
      inFlight.current = false;
      setPending(false);
      if (!reply.ok) {
        setStatus(reply.error.message);
        setRun({ rows: [], error: reply.error });
        return;
      }
      const { rows, copied, text } = reply.data;
      setRun({ rows, end: { copied, text } });
      const linked = rows.filter((row) => row.shortUrl).length;
      setStatus(
        copied ? tPlural('popup_several_copied', linked) : tPlural('popup_several_not_copied', linked),
      );
      onDone();
    },
    /** Copies every link of the run again as one block, in the settings' format. */
    copyAll: (format: CopyFormat) => (run ? copyRows(run.rows, format) : Promise.resolve()),
    /**
     * Makes row `index`, which got the same short link as another row, a link of its own: its URL
     * with `sl=<row number>`, through the `shorten` request.
     */
    async makeDistinct(index: number) {
      const row = run?.rows[index];
      if (!row || !options.current) return;
      const reply = await send('shorten', {
        requestId: crypto.randomUUID(),
        input: { ...options.current, url: distinctUrl(row.longUrl, index + 1) },
        ...(row.title ? { pageTitle: row.title } : {}),
      });
      setRun((current) => {
        if (!current) return current;
        const rows = current.rows.map((other, i): ListRowView => {
          if (i !== index) return other;
          if (!reply.ok) return { ...other, error: reply.error };
          const { existing: _e, error: _x, ...kept } = other;
          return {
            ...kept,
            shortUrl: reply.data.link.shortUrl,
            ...(reply.data.existing ? { existing: true } : {}),
          };
        });
        const shared = sharedLinks(rows.map((r) => r.shortUrl));
        return {
          ...current,
          rows: rows.map(({ shared: _s, ...r }, i) => (shared[i] ? { ...r, shared: true } : r)),
        };
      });
      setStatus(reply.ok ? t('popup_distinct_made', reply.data.link.shortUrl) : reply.error.message);
      if (reply.ok) onDone();
    },
    /** Copies one row's short URL alone. */
    async copyOne(shortUrl: string) {
      const copied = await copyPayload({ text: shortUrl });
      setStatus(copied ? t('popup_copied_status', shortUrl) : t('popup_copy_failed'));
    },
  };
}

/** What useSeveralUrls returns. */
export type SeveralUrlsState = ReturnType<typeof useSeveralUrls>;
