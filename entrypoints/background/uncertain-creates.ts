/**
 * Creates whose outcome is unknown. A create that failed without a clear answer (a dropped
 * connection, a timeout, a cut-off answer, a 5xx) may have made the link all the same, so the next
 * create of the same link first looks among the server's newest links (see createLink). What is
 * remembered lives in storage.session: the worker may stop between the failure and the retry.
 */
import { ApiError, type ApiErrorKind, isApiError } from '@/lib/api/errors';
import type { LinkInput } from '@/lib/api/schemas';
import { t } from '@/lib/i18n';

const PREFIX = 'uncertain-create:';
/** After this long the user has moved on; a retry creates without looking first. */
export const UNCERTAIN_CREATE_MS = 10 * 60_000;

/** A refusal (4xx, `error: 1`) or a 429 is a clear "not made"; these say nothing either way. */
const UNCERTAIN_KINDS: ReadonlySet<ApiErrorKind> = new Set([
  'network',
  'timeout',
  'invalid_response',
  'server',
]);

/** An uncertain create: when it failed, and the ids of links to the same address known then. */
export interface UncertainCreate {
  at: number;
  knownIds: number[];
}

/** True when a failed create may have made the link. */
export function isUncertainFailure(error: unknown): error is ApiError {
  return isApiError(error) && UNCERTAIN_KINDS.has(error.kind);
}

/** The same error, saying that the link may exist and that trying again will not make it twice. */
export function withUncertainNote(error: ApiError): ApiError {
  return new ApiError({ ...error.toJSON(), message: t('error_create_uncertain', error.message) });
}

// One entry per profile, address and alias: a retry with the same fields finds it. The input is not
// validated yet (the client does that as it sends), so nothing here may assume a field's type.
function keyOf(profileId: string, input: LinkInput): string {
  const alias = typeof input.custom === 'string' ? input.custom.trim() : '';
  return PREFIX + JSON.stringify([profileId, String(input.url).trim(), alias]);
}

/** The uncertain create of this link, if one failed less than UNCERTAIN_CREATE_MS ago. */
export async function readUncertain(
  profileId: string,
  input: LinkInput,
  now: number,
): Promise<UncertainCreate | null> {
  const session = browser.storage.session;
  if (!session) return null;
  const key = keyOf(profileId, input);
  const entry = (await session.get(key))[key] as UncertainCreate | undefined;
  return entry && now - entry.at >= 0 && now - entry.at < UNCERTAIN_CREATE_MS ? entry : null;
}

/** Remembers an uncertain create of this link. */
export async function rememberUncertain(profileId: string, input: LinkInput, entry: UncertainCreate) {
  await browser.storage.session?.set({ [keyOf(profileId, input)]: entry });
}

/** Forgets it once the link is known to exist. */
export async function forgetUncertain(profileId: string, input: LinkInput) {
  await browser.storage.session?.remove(keyOf(profileId, input));
}
