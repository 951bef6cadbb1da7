/**
 * The popup draft's shape (what lib/links/draft.ts keeps per start URL) and how a stored one reads.
 * Nothing here touches storage, so draftsItem (lib/storage/items.ts) reads with readDrafts's rules
 * and names these types without an import cycle.
 */
import * as z from 'zod/mini';
import type { LinkFormState } from './link-form';
import type { ShortenForm } from './shorten-form';

/** The popup's fields a draft restores, named as in the popup's state. */
export interface DraftState {
  form: ShortenForm;
  /** More options' fields, once opened. */
  more: LinkFormState | null;
  moreOpen: boolean;
}

/** One popup's form as the user left it. */
export interface Draft {
  /** The profile whose campaigns, channels and defaults the form was filled for. */
  profileId: string;
  state: DraftState;
  /** The shorten request already sent for this input: sending it again joins it instead of making a twin. */
  request: { key: string; id: string } | null;
  /** Epoch ms of the last change. */
  at: number;
}

/** Drafts by start URL. */
export type Drafts = Record<string, Draft>;

const row = <K extends string, V extends string>(key: K, value: V) =>
  z.object({ [key]: z.string(), [value]: z.string() } as { [P in K | V]: z.ZodMiniString<string> });

// Only the shape is checked, not what the user typed: a draft holds input as it was, valid or not.
const linkFormStateSchema: z.ZodMiniType<LinkFormState> = z.object({
  url: z.string(),
  custom: z.string(),
  type: z.string(),
  password: z.string(),
  domain: z.string(),
  expiry: z.string(),
  geotarget: z.array(row('location', 'link')),
  devicetarget: z.array(row('device', 'link')),
  languagetarget: z.array(row('language', 'link')),
  metatitle: z.string(),
  metadescription: z.string(),
  metaimage: z.string(),
  description: z.string(),
  pixels: z.string(),
  channel: z.string(),
  campaign: z.string(),
  deeplink: z.enum(['none', 'auto', 'stores']),
  deeplinkApple: z.string(),
  deeplinkGoogle: z.string(),
  status: z.enum(['', 'public', 'private']),
  parameters: z.array(row('name', 'value')),
});

const draftSchema: z.ZodMiniType<Draft> = z.object({
  profileId: z.string(),
  state: z.object({
    form: z.object({
      url: z.string(),
      alias: z.string(),
      campaignId: z.string(),
      channelId: z.string(),
      expiry: z.string(),
    }),
    more: z.nullable(linkFormStateSchema),
    moreOpen: z.boolean(),
  }),
  request: z.nullable(z.object({ key: z.string(), id: z.string() })),
  at: z.number().check(z.refine(Number.isFinite)),
});

/**
 * The stored drafts, keeping only the well-formed ones: a damaged draft (an older release's, or a
 * bug's) is dropped rather than restored into the popup's form. None when nothing readable is stored.
 */
export function parseDrafts(stored: unknown): Drafts {
  const drafts: Drafts = {};
  if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return drafts;
  for (const [url, value] of Object.entries(stored)) {
    const parsed = draftSchema.safeParse(value);
    if (parsed.success) drafts[url] = parsed.data;
  }
  return drafts;
}
