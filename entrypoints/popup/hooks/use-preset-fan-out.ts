import { useRef, useState } from 'preact/hooks';
import { copyPayload } from '@/components/clipboard';
import type { ErrorData } from '@/lib/api/errors';
import { t, tPlural } from '@/lib/i18n';
import { type CachedLink, linksForUrl } from '@/lib/links/cache';
import { copyPayloadForLabelled, FORMAT_NAMES } from '@/lib/links/copy-format';
import { send } from '@/lib/messaging/send';
import type { CopyFormat, Profile, Settings, UtmPreset } from '@/lib/settings/schema';
import { getItem, presetChoiceItem, setItem } from '@/lib/storage/items';
import { distinctUrl } from '@/lib/url/several';
import { presetLongUrl } from '@/lib/url/utm';
import type { DraftKeeper } from './use-draft';
import type { RecentLinksState } from './use-recent-links';
import type { ShortenFormState } from './use-shorten-form';
import type { StartUrlState } from './use-start-url';

/**
 * One preset's outcome: its link (made now, `reused` from before without a request, or an `existing`
 * one the server answered with), or why not.
 */
type PresetOutcome = { preset: UtmPreset; longUrl: string } & (
  | { link: CachedLink; reused: boolean; existing?: true }
  | { error: ErrorData }
);

/** The outcomes of the last run, in the presets' order, and the format the successes were copied in. */
export interface FanOutView {
  outcomes: PresetOutcome[];
  copied: CopyFormat | null;
}

interface FanOutDeps {
  ready: { settings: Settings; profile: Profile } | null;
  form: Pick<ShortenFormState, 'check'>;
  start: Pick<StartUrlState, 'titleFor'>;
  recent: Pick<RecentLinksState, 'add' | 'earlierFor'>;
  draft: DraftKeeper;
}

const madeLinks = (outcomes: readonly PresetOutcome[]) =>
  outcomes.flatMap((outcome) => ('link' in outcome ? [{ preset: outcome.preset, link: outcome.link }] : []));

/**
 * "One per preset": with it on, Shorten makes one link per ticked UTM preset, each the long URL with
 * that preset's parameters (after stripping tracking parameters when the user does), through the
 * normal `shorten` request, so the rate limit, the request ids and the uncertain-create rule apply to
 * each. A link made before for that exact URL is reused without a request. The successes are copied
 * as one labelled block; a preset that failed says why on its own line. The ticked presets are
 * remembered for the next popup; the mode itself is not, so a plain Shorten stays one link.
 */
export function usePresetFanOut({ ready, form, start, recent, draft }: FanOutDeps) {
  const [on, setOn] = useState(false);
  const [chosen, setChosen] = useState<string[]>([]);
  const [pending, setPending] = useState(false);
  const [view, setView] = useState<FanOutView | null>(null);
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  const inFlight = useRef(false);
  // The form's input of the last run, for "Make distinct".
  const lastInput = useRef<{
    input: NonNullable<ReturnType<ShortenFormState['check']>>;
    pageTitle?: string;
  } | null>(null);
  // The remembered ticks are read when the mode is first turned on, not on every popup start.
  const remembered = useRef<'unread' | 'reading' | 'known'>('unread');

  const presets = ready?.settings.utmPresets ?? [];
  // Presets deleted in Options since they were ticked are no longer choices.
  const picked = presets.filter((preset) => chosen.includes(preset.id));

  /** Copies the successes as one labelled block in `format`; the format copied, or null. */
  const copyAll = async (outcomes: readonly PresetOutcome[], format: CopyFormat) => {
    const made = madeLinks(outcomes);
    if (made.length === 0) return null;
    const labelled = made.map(({ preset, link }) => ({ label: preset.name, shortUrl: link.shortUrl }));
    if (!(await copyPayload(copyPayloadForLabelled(labelled, format)))) {
      setStatus(t('popup_copy_failed'));
      return null;
    }
    setStatus(
      format === 'plain'
        ? tPlural('popup_presets_copied', made.length)
        : tPlural('popup_presets_copied_format', made.length, t(FORMAT_NAMES[format])),
    );
    return format;
  };

  /** One preset's link: from the cache when made before, else a `shorten` request of its own. */
  const linkFor = async (
    preset: UtmPreset,
    input: NonNullable<ReturnType<ShortenFormState['check']>>,
    requestId: string,
    pageTitle: string | undefined,
  ): Promise<PresetOutcome> => {
    const longUrl = presetLongUrl(input.url, preset, ready!.settings.behaviour.stripTracking);
    // What this popup knows first (a link it just made), else the cache's links of that address.
    const earlier = recent.earlierFor(longUrl) ?? (await linksForUrl(ready!.profile.id, longUrl))[0];
    if (earlier) return { preset, longUrl, link: earlier, reused: true };
    const reply = await send('shorten', {
      // One id per preset, from the form's: sending the same form again joins each preset's request.
      requestId: `${requestId}:${preset.id}`,
      input: { ...input, url: longUrl },
      ...(pageTitle ? { pageTitle } : {}),
    });
    if (!reply.ok) return { preset, longUrl, error: reply.error };
    const { link, existing } = reply.data;
    return { preset, longUrl, link, reused: false, ...(existing ? { existing } : {}) };
  };

  /** Checks the form, then makes one link per ticked preset; shows and copies them. */
  const submit = async () => {
    if (inFlight.current || !ready) return;
    setError('');
    if (picked.length === 0) {
      setError(t('popup_presets_none_chosen'));
      return;
    }
    const checked = form.check(ready.profile.defaults, new Date(), true);
    if (!checked) return;
    // One alias cannot name several links: More options' alias is not sent either.
    const { custom: _alias, ...input } = checked;
    const requestId = draft.requestId(input);
    const pageTitle = start.titleFor(input.url);
    lastInput.current = { input, ...(pageTitle ? { pageTitle } : {}) };

    inFlight.current = true;
    setPending(true);
    setView(null);
    setStatus(tPlural('popup_presets_shortening', picked.length));
    const outcomes = await Promise.all(picked.map((preset) => linkFor(preset, input, requestId, pageTitle)));
    inFlight.current = false;
    for (const { link } of madeLinks(outcomes)) recent.add(link);
    if (outcomes.every((outcome) => 'link' in outcome)) draft.clear();
    const copied = ready.settings.behaviour.autoCopy
      ? await copyAll(outcomes, ready.settings.behaviour.copyFormat)
      : null;
    if (!copied && !ready.settings.behaviour.autoCopy)
      setStatus(tPlural('popup_presets_made', madeLinks(outcomes).length));
    setView({ outcomes, copied });
    setPending(false);
  };

  return {
    on,
    presets,
    chosen: picked,
    pending,
    view,
    /** Why Shorten did nothing (no preset ticked); '' when nothing is wrong. */
    error,
    /** What the screen reader's live line announces. */
    status,
    submit,
    /** Turns "One per preset" on or off. */
    toggle(next: boolean) {
      setOn(next);
      setError('');
      if (!next || remembered.current !== 'unread') return;
      remembered.current = 'reading';
      void getItem(presetChoiceItem).then(
        // A tick made while storage answered wins over what it kept.
        (stored) => {
          if (remembered.current !== 'reading') return;
          remembered.current = 'known';
          setChosen(stored);
        },
        () => undefined,
      );
    },
    /** Ticks or unticks a preset, remembered for the next popup. */
    choose(id: string, ticked: boolean) {
      const next = ticked ? [...chosen.filter((c) => c !== id), id] : chosen.filter((c) => c !== id);
      setChosen(next);
      setError('');
      remembered.current = 'known';
      void setItem(presetChoiceItem, next).catch(() => undefined);
    },
    /** Copies every link made again: in the settings' format, or once in `format`. */
    async copyAll(format?: CopyFormat) {
      if (!view || !ready) return;
      setView({
        ...view,
        copied: await copyAll(view.outcomes, format ?? ready.settings.behaviour.copyFormat),
      });
    },
    /**
     * Makes the preset's link, which is the same as another preset's (their parameters give one
     * address, or the server merged them), a link of its own: its long URL with `sl=<n>`.
     */
    async makeDistinct(presetId: string) {
      const index = view?.outcomes.findIndex((outcome) => outcome.preset.id === presetId) ?? -1;
      const outcome = view?.outcomes[index];
      if (!view || !outcome || !lastInput.current) return;
      const { input, pageTitle } = lastInput.current;
      const longUrl = distinctUrl(outcome.longUrl, index + 1);
      const reply = await send('shorten', {
        requestId: crypto.randomUUID(),
        input: { ...input, url: longUrl },
        ...(pageTitle ? { pageTitle } : {}),
      });
      const next: PresetOutcome = reply.ok
        ? {
            preset: outcome.preset,
            longUrl,
            link: reply.data.link,
            reused: false,
            ...(reply.data.existing ? { existing: true as const } : {}),
          }
        : { preset: outcome.preset, longUrl: outcome.longUrl, error: reply.error };
      if (reply.ok) recent.add(reply.data.link);
      setView(
        (current) =>
          current && { ...current, outcomes: current.outcomes.map((o, i) => (i === index ? next : o)) },
      );
      setStatus(reply.ok ? t('popup_distinct_made', reply.data.link.shortUrl) : reply.error.message);
    },
    /** Copies one preset's short URL alone. */
    async copyOne(link: CachedLink) {
      const copied = await copyPayload({ text: link.shortUrl });
      setStatus(copied ? t('popup_copied_status', link.shortUrl) : t('popup_copy_failed'));
    },
  };
}
