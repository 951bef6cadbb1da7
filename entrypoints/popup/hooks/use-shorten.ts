import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { copyLink } from '@/components/clipboard';
import type { ErrorData } from '@/lib/api/errors';
import { t } from '@/lib/i18n';
import type { CachedLink } from '@/lib/links/cache';
import { send } from '@/lib/messaging/send';
import type { CopyFormat, Profile, Settings } from '@/lib/settings/schema';
import type { DraftKeeper } from './use-draft';
import type { FailedCreate } from './use-queue';
import type { RecentLinksState } from './use-recent-links';
import type { ShortenFormState } from './use-shorten-form';
import type { StartUrlState } from './use-start-url';

/**
 * The link made or reused, the format it was last copied in (null: not copied), and whether the form
 * was edited since: then it no longer answers what the form says.
 */
interface ShortenResult {
  link: CachedLink;
  copied: CopyFormat | null;
  edited: boolean;
  /** The server answered with a link it had made before. */
  existing: boolean;
}

interface ShortenDeps {
  ready: { settings: Settings; profile: Profile } | null;
  form: ShortenFormState;
  start: Pick<StartUrlState, 'titleFor'>;
  recent: Pick<RecentLinksState, 'add'>;
  draft: DraftKeeper;
}

/**
 * Shortening and copying: checks the form, sends the request (joining an earlier one for the same
 * input), then shows the link and copies it as the settings say; or shows why it failed. `status`
 * is what the screen reader's live line announces.
 */
export function useShorten({ ready, form, start, recent, draft }: ShortenDeps) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<ErrorData | null>(null);
  const [result, setResult] = useState<ShortenResult | null>(null);
  // The long URL the user chose to shorten again despite an earlier link.
  const [newAnyway, setNewAnyway] = useState('');
  const [status, setStatus] = useState('');
  // What the last Shorten sent, for "Queue it" when the server could not make it.
  const [sent, setSent] = useState<FailedCreate | null>(null);
  const inFlight = useRef(false);
  const latest = useRef({ pending, result });
  latest.current = { pending, result };
  const endPending = useRef(false);

  useLayoutEffect(() => {
    // The alert appears while the Shorten button is still disabled: it takes the focus the button
    // lost (ErrorAlert), and the button comes back after.
    if (endPending.current) setPending(false);
    endPending.current = false;
  }, [error]);

  /** Shows a failed request's message and ends the pending state. */
  const fail = (failure: ErrorData) => {
    endPending.current = true;
    setError(failure);
    setStatus('');
  };

  /**
   * Copies a link in `format` (by default the settings'), titled with the page's title for a link
   * to this page, as the menu and the shortcut copy it, else the link's. Returns the format copied,
   * or null when the browser refused.
   */
  const copy = async (link: CachedLink, format?: CopyFormat): Promise<CopyFormat | null> => {
    const title = start.titleFor(link.longUrl) || link.title;
    const copied = await copyLink(link, format ?? ready!.settings.behaviour.copyFormat, title);
    setStatus(copied.status);
    return copied.copied;
  };

  /**
   * Shows `link` as the result (the draft is done with), copied when `autoCopy`; `existing` when the
   * server answered with a link it had made before.
   */
  const showLink = async (link: CachedLink, autoCopy: boolean, existing = false) => {
    draft.clear();
    const copied = autoCopy ? await copy(link) : null;
    setResult({ link, copied, edited: false, existing });
    if (existing) setStatus(t('popup_existing_link_status', link.shortUrl));
    else if (!autoCopy) setStatus(t('popup_link_created', link.shortUrl));
  };

  /**
   * Starts a new attempt: nothing of the previous one stays (its alert, its result, its announcement),
   * whether this one ends in a field error, a refusal or a link.
   */
  const clear = () => {
    setError(null);
    setResult(null);
    setStatus('');
  };

  /** Checks the form, then shortens; shows the link and copies it as the settings say. */
  const submit = async () => {
    if (inFlight.current || !ready) return;
    clear();
    const input = form.check(ready.profile.defaults, new Date());
    if (!input) return;
    const requestId = draft.requestId(input);
    const pageTitle = start.titleFor(input.url);

    inFlight.current = true;
    setPending(true);
    setNewAnyway(input.url);
    setSent({ input, pageTitle, draftUrl: draft.url() ?? undefined });
    setStatus(t('popup_shortening'));
    const reply = await send('shorten', { requestId, input, ...(pageTitle ? { pageTitle } : {}) });
    inFlight.current = false;
    if (!reply.ok) return fail(reply.error);
    const { link, existing } = reply.data;
    recent.add(link);
    setPending(false);
    await showLink(link, ready.settings.behaviour.autoCopy, existing);
  };

  return {
    pending,
    error,
    result,
    newAnyway,
    status,
    sent,
    submit,
    fail,
    copy,
    /** True while a request runs or its result shows: the popup has moved on from its start URL. */
    busy: () => latest.current.pending || latest.current.result !== null,
    showLink,
    /** Copies the result again: in the settings' format, or once in `format`. */
    copyResult: async (format?: CopyFormat) => {
      if (result) setResult({ ...result, copied: await copy(result.link, format) });
    },
    /** Another profile: its form starts without the last result or error. */
    reset() {
      draft.setRequest(null);
      clear();
    },
    clear,
    /** The user changed the form: a result on screen now belongs to the previous one. */
    formEdited() {
      setResult((shown) => (shown && !shown.edited ? { ...shown, edited: true } : shown));
    },
  };
}
