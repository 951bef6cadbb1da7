import type { Store } from './store';

/** A failure a handler reports; the server turns it into `{ error: 1, message }` with this status. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** What a handler sees of a request. */
export interface RequestContext {
  store: Store;
  /** Path parameters by name, e.g. `{ id: '3' }` for `/api/url/:id`. */
  params: Record<string, string>;
  query: Record<string, string>;
  /** The JSON body; `{}` when the request had none. */
  body: Record<string, unknown>;
  /** The `existing` fault: a create of a long URL the store has answers with that link. */
  returnExisting?: boolean;
}

/** What a handler returns: a JSON body and, when not 200, a status. */
export interface ApiResult {
  status?: number;
  body: unknown;
}

export type Handler = (context: RequestContext) => ApiResult;

/** A success result with the spec's `{ error: 0, ...fields }` shape. */
export function ok(fields: Record<string, unknown>): ApiResult {
  return { body: { error: 0, ...fields } };
}

/** The spec's 'message response'. */
export function message(text: string): ApiResult {
  return ok({ message: text });
}

const DEFAULT_LIMIT = 15;
const MAX_LIMIT = 100;

function positiveInteger(query: Record<string, string>, name: string, fallback: number): number {
  const raw = query[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) {
    throw new HttpError(400, `The ${name} parameter must be a positive integer.`);
  }
  return Number(raw);
}

/**
 * A paged list in the spec's shape. The spec leaves the edges open, so this server chooses:
 * `limit` defaults to 15 and is capped at 100 (`perpage` shows the value used); `page` defaults to 1;
 * `result` is the total number of items across all pages; `maxpage` is at least 1, even for an empty
 * list; `nextpage` is the following page number, or null on the last page and beyond it; a page past
 * the end returns an empty array. `error` is the string "0" here, as the spec's list samples show.
 */
export function paged<T>(query: Record<string, string>, key: string, items: readonly T[]): ApiResult {
  const perpage = Math.min(positiveInteger(query, 'limit', DEFAULT_LIMIT), MAX_LIMIT);
  const currentpage = positiveInteger(query, 'page', 1);
  const maxpage = Math.max(1, Math.ceil(items.length / perpage));
  const start = (currentpage - 1) * perpage;
  return {
    body: {
      error: '0',
      data: {
        result: items.length,
        perpage,
        currentpage,
        nextpage: currentpage < maxpage ? currentpage + 1 : null,
        maxpage,
        [key]: items.slice(start, start + perpage),
      },
    },
  };
}

/** The integer path parameter `name`; a non-integer id cannot match anything, so it is a 404. */
export function idParam(context: RequestContext, name: string, notFound: string): number {
  const raw = context.params[name] ?? '';
  if (!/^\d+$/.test(raw)) throw new HttpError(404, notFound);
  return Number(raw);
}
