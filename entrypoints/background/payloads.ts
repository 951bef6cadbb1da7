/**
 * The payload of every request type, checked with zod/mini before its handler runs (the sender is
 * checked first, in messages.ts). The map below is also the list of request types the background knows.
 */

import type { ErrorData } from '@/lib/api/errors';
import type { LinkInput } from '@/lib/api/schemas';
import { MAX_BULK_ROWS } from '@/lib/jobs/bulk-csv';
import { isQueueable } from '@/lib/jobs/queue';
import { MAX_LIST_URLS } from '@/lib/jobs/url-list';
import type { MessageType, RequestOf } from '@/lib/messaging/protocol';
import { linkDefaultsFields } from '@/lib/settings/schema';
import { MAX_SETTINGS_FILE_BYTES } from '@/lib/settings/transfer';
import { linkChangeSchema } from '@/lib/storage/items';
import { TEXT_LIMITS } from '@/lib/text-limits';
import { z } from '@/lib/zod';
import { isApiMethod, isLinkInputShape } from './api-message';

// Every bound is the table's (lib/text-limits.ts): what a page's form accepts passes here too.
const id = z.string().check(z.minLength(1), z.maxLength(TEXT_LIMITS.id));
const text = (max: number) => z.string().check(z.maxLength(max));
// A page's title is kept with its link and shown in lists: a page with an endless one is still
// shortened, with the title cut, rather than refused.
const pageTitle = z.pipe(
  z.string(),
  z.transform((title: string) => title.slice(0, TEXT_LIMITS.pageTitle)),
);

// A create's input, the API's own shape (LinkInput). Only the shape is checked here: the create
// pipeline checks every field and says what is wrong in the user's words.
const linkInput = z.custom<LinkInput>(isLinkInputShape, 'input.url must be a string');

// Built on a request type's first message, not at the worker's start: the shortcut, the menu and the
// address bar send no message, and a stopped worker's start is on their path.
const payloads: { [K in MessageType]: () => z.ZodMiniType<RequestOf<K>> } = {
  shorten: () =>
    z.object({
      requestId: id,
      input: linkInput,
      pageTitle: z.optional(pageTitle),
    }),
  refresh: () => z.object({ force: z.optional(z.boolean()) }),
  saveProfile: () =>
    z.object({
      profile: z.object({
        id: z.optional(id),
        name: text(TEXT_LIMITS.name),
        serverUrl: text(TEXT_LIMITS.address),
        defaults: z.optional(z.object({ ...linkDefaultsFields, domain: text(TEXT_LIMITS.address) })),
      }),
      apiKey: z.optional(text(TEXT_LIMITS.apiKey)),
    }),
  deleteProfile: () => z.object({ id }),
  setActiveProfile: () => z.object({ id }),
  getAccount: () => z.object({ profileId: z.optional(id) }),
  api: () =>
    z.object({
      method: z.string().check(z.refine(isApiMethod, 'method is not an API method')),
      args: z.array(z.unknown()).check(z.maxLength(8)),
    }) as z.ZodMiniType<RequestOf<'api'>>,
  shortenAllTabs: () => z.object({ windowId: z.number().check(z.int()) }),
  shortenUrls: () =>
    z.object({
      items: z
        .array(z.object({ input: linkInput, title: pageTitle, label: text(TEXT_LIMITS.name) }))
        .check(z.maxLength(MAX_LIST_URLS)),
      source: z.enum(['popup', 'menu']),
    }),
  exportSettings: () => z.object({ includeKeys: z.boolean() }),
  // The file's own checks, with their messages, are parseSettingsFile's; this only bounds the text.
  importSettings: () =>
    z.object({
      text: z.string().check(z.maxLength(MAX_SETTINGS_FILE_BYTES)),
      dryRun: z.optional(z.boolean()),
    }),
  bulkStart: () =>
    z.object({
      items: z
        .array(
          z.object({
            input: linkInput,
            title: pageTitle,
            label: text(TEXT_LIMITS.name),
            from: z.optional(text(TEXT_LIMITS.longUrl)),
            change: z.optional(linkChangeSchema),
          }),
        )
        .check(z.maxLength(MAX_BULK_ROWS)),
    }),
  bulkControl: () => z.object({ action: z.enum(['pause', 'resume', 'cancel', 'clear']) }),
  bulkRetry: () =>
    z.object({
      rows: z
        .array(
          z.object({
            index: z.number().check(z.int(), z.nonnegative(), z.lt(MAX_BULK_ROWS)),
            input: z.optional(linkInput),
          }),
        )
        .check(z.maxLength(MAX_BULK_ROWS)),
    }),
  bulkRateLimit: () => z.object({}) as z.ZodMiniType<RequestOf<'bulkRateLimit'>>,
  queueCreate: () =>
    z.object({
      input: linkInput,
      pageTitle: z.optional(pageTitle),
      draftUrl: z.optional(text(TEXT_LIMITS.longUrl)),
      error: z
        .object({
          kind: z.string(),
          message: text(TEXT_LIMITS.message),
          status: z.optional(z.number().check(z.int())),
        })
        .check(z.refine((error) => isQueueable(error as ErrorData), 'not queueable')),
    }) as z.ZodMiniType<RequestOf<'queueCreate'>>,
  queueRetry: () =>
    z.object({
      id,
      password: z.optional(z.string().check(z.minLength(1), z.maxLength(TEXT_LIMITS.password))),
    }),
  queueCancel: () => z.object({ id }),
  mirrorStatus: () => z.object({}) as z.ZodMiniType<RequestOf<'mirrorStatus'>>,
  mirrorSync: () => z.object({ profileId: id }),
};

const built = new Map<MessageType, z.ZodMiniType>();

/**
 * What a payload issue says. zod/mini has no English messages of its own unless its locale is
 * loaded, so the common cases are named here; others read "Invalid input".
 */
function issueMessage(issue: z.core.$ZodRawIssue): string | undefined {
  if (issue.code === 'invalid_type') return `expected ${issue.expected}`;
  if (issue.code === 'too_small') return `at least ${issue.minimum} (${issue.origin})`;
  if (issue.code === 'too_big') return `at most ${issue.maximum} (${issue.origin})`;
  return undefined;
}

/** True for a request type the background answers. */
export function isMessageType(type: unknown): type is MessageType {
  return typeof type === 'string' && Object.hasOwn(payloads, type);
}

/** A checked payload, or what is wrong with it (`path: message`). */
type PayloadCheck<K extends MessageType> = { ok: true; data: RequestOf<K> } | { ok: false; problem: string };

/** Checks the payload of a request of a known type. */
export function checkPayload<K extends MessageType>(type: K, payload: unknown): PayloadCheck<K> {
  let schema = built.get(type) as z.ZodMiniType<RequestOf<K>> | undefined;
  if (!schema) {
    schema = payloads[type]();
    built.set(type, schema);
  }
  const parsed = schema.safeParse(payload, { error: issueMessage });
  if (parsed.success) return { ok: true, data: parsed.data };
  const issue = parsed.error.issues[0];
  const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
  return { ok: false, problem: `${where}${issue?.message ?? 'invalid payload'}` };
}
