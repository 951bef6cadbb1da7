import { createRef } from 'preact';
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { LinkFormErrors } from '@/lib/links/link-form';
import { type FormErrors, toShortenInput, validateForm } from '@/lib/links/shorten-form';
import type { RequestOf } from '@/lib/messaging/protocol';
import type { LinkDefaults } from '@/lib/settings/schema';
import type { DraftState, LinkFormState, ShortenForm } from '@/lib/storage/items';
import {
  initialMoreOptions,
  moreOptionsErrors,
  moreOptionsForProfile,
  moreOptionsInEffect,
  moreOptionsInput,
} from '../more-options';
import { initialForm } from '../start-url';

const EMPTY: ShortenForm = { url: '', alias: '', campaignId: '', channelId: '', expiry: '' };

/** What to do with the Long URL field once the popup put a URL in it. */
type AfterUrl = 'focus' | 'select' | null;

/**
 * The shorten form: the main fields, More options (null until first opened; then they always take
 * part), the fields' messages, and the checks that turn it into a `shorten` request's input.
 * `onEdit` is called after each change the user makes.
 */
export function useShortenForm(onEdit: () => void) {
  const [values, setValues] = useState<ShortenForm>(EMPTY);
  // Main fields' messages and More options' (keyed by link-form field names, which are different).
  const [errors, setErrors] = useState<FormErrors & LinkFormErrors>({});
  const [more, setMore] = useState<LinkFormState | null>(null);
  const [moreOpen, setMoreOpen] = useState(false);
  const latest = useRef({ values, more, moreOpen });
  latest.current = { values, more, moreOpen };
  const urlRef = useRef(createRef<HTMLInputElement>()).current;
  const afterUrl = useRef<AfterUrl>(null);
  const focusInvalid = useRef(false);

  useLayoutEffect(() => {
    const field = urlRef.current;
    if (afterUrl.current === 'select') field?.select();
    if (afterUrl.current === 'focus') field?.focus();
    afterUrl.current = null;
  }, [values]);

  useLayoutEffect(() => {
    // The first field to fix takes the focus, in More options too (a refusal there opens it).
    if (focusInvalid.current) document.querySelector<HTMLElement>('.shorten [aria-invalid="true"]')?.focus();
    focusInvalid.current = false;
  }, [errors]);

  return {
    values,
    errors,
    more,
    moreOpen,
    urlRef,
    /** The form as a draft keeps it. */
    snapshot: (): DraftState => {
      const { values: form, more, moreOpen } = latest.current;
      return { form, more, moreOpen };
    },
    /**
     * The form for a profile: fresh with its defaults for `url` (null: the URL typed stays), the
     * alias kept, More options started again for its server; or the restored draft.
     */
    reset(defaults: LinkDefaults, url: string | null, restored: DraftState | undefined) {
      const { values: form, more } = latest.current;
      setValues(
        restored?.form ?? { ...initialForm(url ?? form.url, defaults, new Date()), alias: form.alias },
      );
      setMore(restored ? restored.more : more && moreOptionsForProfile(more, defaults));
      if (restored) setMoreOpen(restored.moreOpen);
    },
    /** A change the user made to the main fields. */
    edit(patch: Partial<ShortenForm>) {
      setValues((v) => ({ ...v, ...patch }));
      setErrors({});
      onEdit();
    },
    /** A change the user made in More options. */
    editMore(patch: Partial<LinkFormState>) {
      setMore((m) => m && { ...m, ...patch });
      setErrors({});
      onEdit();
    },
    /** Puts `url` in the Long URL field, then focuses it or keeps it selected. */
    setUrl(url: string, after: AfterUrl) {
      afterUrl.current = after;
      setValues((v) => ({ ...v, url }));
    },
    /** Opens or closes More options; its fields start from the profile's defaults. */
    toggleMore(defaults: LinkDefaults) {
      setMoreOpen((open) => !open);
      setMore((m) => m ?? initialMoreOptions(defaults));
      onEdit();
    },
    /** How many request fields collapsed More options changes; its button says so. */
    moreInEffect: (defaults: LinkDefaults) =>
      more && !moreOpen ? moreOptionsInEffect(values, more, defaults) : 0,
    /**
     * Checks the form and shows what to fix; the request's input when nothing is, else null. A
     * refused field in collapsed More options opens it. With `noAlias` (one link per preset), the
     * alias field, which is off, is neither checked nor sent. `url` stands for the field's (the first
     * of several URLs pasted at once).
     */
    check(
      defaults: LinkDefaults,
      now: Date,
      noAlias = false,
      url?: string,
    ): RequestOf<'shorten'>['input'] | null {
      const typed = url === undefined ? latest.current.values : { ...latest.current.values, url };
      const values = noAlias ? { ...typed, alias: '' } : typed;
      const mainErrors = validateForm(values, now);
      const found = { ...mainErrors, ...(more && moreOptionsErrors(values, more, now)) };
      const count = Object.keys(found).length;
      focusInvalid.current = true;
      setErrors(found);
      if (count > Object.keys(mainErrors).length) setMoreOpen(true);
      if (count) return null;
      return more ? moreOptionsInput(values, more) : toShortenInput(values, defaults);
    },
  };
}

/** What useShortenForm returns. */
export type ShortenFormState = ReturnType<typeof useShortenForm>;
