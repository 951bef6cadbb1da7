/**
 * Creates whose outcome is unknown. A create that failed without a clear answer (a dropped
 * connection, a timeout, a cut-off answer, a 5xx) may have made the link all the same, so the next
 * create of the same link first looks among the server's newest links (see createLink). What is
 * remembered lives in storage.session: the worker may stop between the failure and the retry.
 */
import { ApiError, type ApiErrorKind } from '@/lib/api/errors';
import { isUnreachable } from '@/lib/api/probe';
import type { LinkInput } from '@/lib/api/schemas';
import { t } from '@/lib/i18n';
import { longUrlKey } from '@/lib/links/cache';
import { getEntry, removeEntry, removeExpired, setEntry, uncertainCreates } from '@/lib/storage/items';

/** After this long the user has moved on; a retry creates without looking first. */
export const UNCERTAIN_CREATE_MS = 10 * 60_000;

/** Failures that leave open whether the server did the work. */
const UNCERTAIN_KINDS: ReadonlySet<string> = new Set<ApiErrorKind>([
  'network',
  'timeout',
  'invalid_response',
  'server',
]);

/**
 * An uncertain create: when it failed, the ids of links to the same address known then, and the
 * highest id known then of any link (null when none was): the link it made, if any, is newer.
 */
export interface UncertainCreate {
  at: number;
  knownIds: number[];
  maxKnownId: number | null;
}

/**
 * True when a failed create may have made the link. A refusal (4xx, `error: 1`) says it did not; so
 * does an HTTP 429, which rate limiters answer before the endpoint runs. A rate-limit message with
 * another status may come after the work (lib/api/rate-limiter.ts does not resend those either).
 */
export function isUncertainFailure(error: unknown): error is ApiError {
  return error instanceof ApiError && mayHaveMadeLink(error);
}

/**
 * The same rule for a failure kept as plain data (a queued create's). A rate-limit refusal without a
 * status is the extension's own limiter (lib/api/rate-limiter.ts), which never let the request go.
 */
export function mayHaveMadeLink(error: { kind: string; status?: number | undefined }): boolean {
  if (error.kind === 'rate_limited') return error.status !== undefined && error.status !== 429;
  return UNCERTAIN_KINDS.has(error.kind);
}

/**
 * What an uncertain create's failure tells the user: that the link may exist and trying again will
 * not make it twice; unless the server could not be reached at all (lib/api/probe.ts), when nothing
 * was sent. Only the message depends on the probe: the create is remembered as uncertain either way.
 */
export async function uncertainCreateError(error: ApiError, baseUrl: string): Promise<ApiError> {
  if (error.kind === 'network' && baseUrl) {
    const { origin } = new URL(baseUrl);
    if (await isUnreachable(origin)) {
      return new ApiError({ ...error.toJSON(), message: t('error_unreachable_nothing_sent', origin) });
    }
  }
  return new ApiError({
    ...error.toJSON(),
    message: t('error_create_uncertain', error.message),
    uncertain: true,
  });
}

/** JSON with object keys sorted, so the same fields give the same text in any order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * One key per profile and link asked for, the one definition of "the same create" (uncertain creates,
 * creates under way, the queue): every field counts (a retry without the password must not be handed
 * the protected link), except the expiry, which the defaults compute afresh each time, and the long
 * URL is compared as the cache compares it. The input is not validated yet (the client does that as
 * it sends), so nothing here may assume a type.
 */
export function createKey(profileId: string, input: LinkInput): string {
  const { expiry: _expiry, ...fields } = input;
  return canonicalJson([profileId, { ...fields, url: longUrlKey(String(input.url)) }]);
}

/** The uncertain create of this link, if one failed less than UNCERTAIN_CREATE_MS ago. */
export async function readUncertain(
  profileId: string,
  input: LinkInput,
  now: number,
): Promise<UncertainCreate | null> {
  const entry = (await getEntry(uncertainCreates, createKey(profileId, input))) as
    | UncertainCreate
    | undefined;
  return entry && isFresh(entry, now) ? entry : null;
}

const isFresh = (entry: UncertainCreate, now: number) =>
  now - entry.at >= 0 && now - entry.at < UNCERTAIN_CREATE_MS;

/** Remembers an uncertain create of this link, and forgets those too old to matter. */
export async function rememberUncertain(profileId: string, input: LinkInput, entry: UncertainCreate) {
  await removeExpired(uncertainCreates, (value) => !isFresh(value as UncertainCreate, entry.at));
  await setEntry(uncertainCreates, createKey(profileId, input), entry);
}

/** Forgets it once the link is known to exist. */
export async function forgetUncertain(profileId: string, input: LinkInput) {
  await removeEntry(uncertainCreates, createKey(profileId, input));
}
