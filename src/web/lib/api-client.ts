import type { ErrorReply } from '#shared/schemas/common.ts';
import type { z } from 'zod';
import { takeEarlyResponse } from './early-requests';
import { readToken } from './token-storage';

/** A failed API call. `status` is 0 when no HTTP reply arrived (network failure or time-out). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: Record<string, unknown> | undefined;
  /**
   * The message is the server's own (its `{ success:false, message, code }` reply), not one made up
   * here for a reply without it (a proxy's HTML page, an empty body): screens that have their own
   * fallback text for that case (SPEC.md §8) use it only when this is true.
   */
  readonly fromServer: boolean;

  constructor(
    status: number,
    message: string,
    code: string,
    details?: Record<string, unknown>,
    fromServer = true,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
    this.fromServer = fromServer;
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

/** A 401: the session is gone (expired, or revoked elsewhere); the screen takes the guest path. */
export const isSignedOut = (error: unknown): boolean => error instanceof ApiError && error.status === 401;

export const NETWORK_ERROR_MESSAGE =
  'Network error: Unable to connect to server. Please check your internet connection.';
export const INVALID_RESPONSE_MESSAGE = 'Server error: Invalid response format';
const DEFAULT_TIMEOUT_MS = 15_000;

export interface ApiFetchOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. Leave undefined for no body (Fastify rejects an empty JSON body). */
  body?: unknown;
  /**
   * Parses the successful reply with its shared Zod schema; the call's type comes from it. The home
   * page's calls and the session check leave it out and name the reply's type instead
   * (`apiFetch<HotTopicsReply>(…)`): the server already serialised the reply through that same schema,
   * and parsing it again would put Zod (~25 KB gzipped) on the home page (docs/decisions/003).
   */
  schema?: z.ZodType<T>;
  /** The bearer token: omitted → the stored one; null → send none. */
  token?: string | null;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Query-string parameters; undefined values are skipped. */
  query?: Record<string, string | number | boolean | undefined>;
}

function withQuery(path: string, query: ApiFetchOptions<unknown>['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  return JSON.parse(text);
}

/** The server's error shape, checked by hand so that reading an error never needs Zod. */
function isErrorReply(body: unknown): body is ErrorReply {
  if (typeof body !== 'object' || body === null) return false;
  const { success, message, code, details } = body as Record<string, unknown>;
  return (
    success === false &&
    typeof message === 'string' &&
    typeof code === 'string' &&
    (details === undefined || (typeof details === 'object' && details !== null && !Array.isArray(details)))
  );
}

/** Turns a non-2xx reply into an ApiError, using the server's `{ success:false, message, code }` when present. */
async function errorFromResponse(response: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = await readJson(response);
  } catch {
    body = undefined;
  }
  if (isErrorReply(body)) {
    const { message, code, details } = body;
    return new ApiError(response.status, message, code, details);
  }
  const message =
    response.status >= 500
      ? 'Server error. Please try again later.'
      : `Request failed (${response.status}${response.statusText ? ` ${response.statusText}` : ''})`;
  return new ApiError(response.status, message, `HTTP_${response.status}`, undefined, false);
}

/** Settles with `promise`, or rejects as soon as `signal` aborts (time-out, or the caller's own abort). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    promise.then(resolve, reject);
  });
}

/**
 * Calls the Futurecast API on the same origin: sends JSON, attaches the bearer token, parses the reply
 * with the given schema and throws an ApiError for anything else.
 */
export async function apiFetch<T>(path: string, options: ApiFetchOptions<T>): Promise<T> {
  const { method = 'GET', body, schema, timeoutMs = DEFAULT_TIMEOUT_MS, signal, query } = options;
  const token = options.token === undefined ? readToken() : options.token;

  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onAbort = () => controller.abort();
  if (signal?.aborted) controller.abort();
  signal?.addEventListener('abort', onAbort, { once: true });

  const url = withQuery(path, query);
  // A public read main.tsx already started for the first page (lib/early-requests.ts).
  const early = method === 'GET' && body === undefined && !token ? takeEarlyResponse(url) : undefined;
  let response: Response;
  try {
    response = await (early
      ? untilAborted(early, controller.signal)
      : fetch(url, {
          method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: controller.signal,
          credentials: 'same-origin',
        }));
  } catch (cause) {
    if (timedOut) throw new ApiError(0, 'The server took too long to answer. Please try again.', 'TIMEOUT');
    // A caller's own abort (e.g. TanStack Query cancelling) is passed through untouched.
    if (signal?.aborted) throw cause;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE, 'NETWORK_ERROR');
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }

  if (!response.ok) throw await errorFromResponse(response);

  let data: unknown;
  try {
    data = await readJson(response);
  } catch {
    throw new ApiError(response.status, INVALID_RESPONSE_MESSAGE, 'INVALID_RESPONSE', undefined, false);
  }
  if (!schema) return data as T;
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    console.warn(`Unexpected reply from ${method} ${path}`, parsed.error.issues);
    throw new ApiError(response.status, INVALID_RESPONSE_MESSAGE, 'INVALID_RESPONSE', undefined, false);
  }
  return parsed.data;
}
