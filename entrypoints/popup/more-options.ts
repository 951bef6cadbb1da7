/**
 * The rules of the popup's "More options": where its fields start (the profile's defaults), their
 * checks, and the one `LinkInput` that the main fields and More options make together. The rules and
 * the conversion are lib/links/link-form.ts's; this only joins the popup's two forms.
 *
 *   const errors = moreOptionsErrors(form, more, new Date());
 *   if (Object.keys(errors).length === 0) send('shorten', { requestId, input: moreOptionsInput(form, more) });
 */
import type { LinkInput } from '@/lib/api/schemas';
import { emptyLinkForm, type LinkFormErrors, toLinkInput, validateLinkForm } from '@/lib/links/link-form';
import type { LinkDefaults } from '@/lib/settings/schema';
import type { LinkFormState, ShortenForm } from '@/lib/storage/items';

/** The link-form fields that the popup's main form holds; More options leaves them alone. */
const MAIN_FIELDS = ['url', 'custom', 'expiry', 'campaign', 'channel'] as const;

/** More options as they start: nothing extra, the profile's branded domain and visibility. */
export function initialMoreOptions(defaults: LinkDefaults): LinkFormState {
  return { ...emptyLinkForm(), domain: defaults.domain.trim(), status: defaults.status };
}

/**
 * More options after a switch to another profile: what belongs to the old server (its domain, its
 * splash pages and overlays, its pixel ids) starts again from the new profile; the rest stays.
 */
export function moreOptionsForProfile(more: LinkFormState, defaults: LinkDefaults): LinkFormState {
  const start = initialMoreOptions(defaults);
  return { ...more, domain: start.domain, status: start.status, type: '', pixels: '' };
}

/** The whole link: the main fields over More options. */
function combinedLinkForm(form: ShortenForm, more: LinkFormState): LinkFormState {
  return {
    ...more,
    url: form.url,
    custom: form.alias,
    expiry: form.expiry,
    campaign: form.campaignId,
    channel: form.channelId,
  };
}

/** Messages for More options' fields; the main fields keep the popup's own checks (lib/links/shorten-form.ts). */
export function moreOptionsErrors(form: ShortenForm, more: LinkFormState, now: Date): LinkFormErrors {
  const errors = validateLinkForm(combinedLinkForm(form, more), now);
  for (const key of MAIN_FIELDS) delete errors[key];
  return errors;
}

/** The `input` of the `shorten` request: every filled field of both forms. */
export function moreOptionsInput(form: ShortenForm, more: LinkFormState): LinkInput {
  return toLinkInput(combinedLinkForm(form, more));
}

/** How many request fields More options changes from its start; the collapsed button shows it. */
export function moreOptionsInEffect(form: ShortenForm, more: LinkFormState, defaults: LinkDefaults): number {
  const base: Record<string, unknown> = moreOptionsInput(form, initialMoreOptions(defaults));
  const full: Record<string, unknown> = moreOptionsInput(form, more);
  const keys = new Set([...Object.keys(base), ...Object.keys(full)]);
  return [...keys].filter((key) => JSON.stringify(base[key]) !== JSON.stringify(full[key])).length;
}
