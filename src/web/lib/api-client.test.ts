// @vitest-environment jsdom
import { UserReplySchema } from '#shared/schemas/accounts.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, apiFetch, INVALID_RESPONSE_MESSAGE, NETWORK_ERROR_MESSAGE } from './api-client';
import { startEarlyRequests } from './early-requests';
import { shouldRetry } from './query-client';
import { getCommunityTopics } from '#web/features/community/api/get-community-topics.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('apiFetch', () => {
  it('parses a successful reply with the schema and sends JSON with the stored bearer', async () => {
    localStorage.setItem('token', 'stored.token.value');
    const user = {
      id: 1,
      username: 'ada',
      email: 'ada@example.org',
      created_at: '2025-01-01T00:00:00.000Z',
      email_verified: true,
      is_demo: false,
    };
    fetchMock.mockResolvedValueOnce(json(200, { success: true, user }));

    const reply = await apiFetch('/api/user', { method: 'POST', body: { a: 1 }, schema: UserReplySchema });

    expect(reply.user).toEqual(user);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/user');
    const headers = init?.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer stored.token.value');
    expect(headers['Content-Type']).toBe('application/json');
    expect(init?.body).toBe('{"a":1}');
  });

  it('sends no Content-Type without a body, and no bearer when token is null', async () => {
    localStorage.setItem('token', 'stored.token.value');
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await apiFetch('/api/auth/logout', { method: 'POST', schema: z.undefined(), token: null });
    const headers = fetchMock.mock.calls[0]?.[1]?.headers as Record<string, string>;
    expect(headers['Content-Type']).toBeUndefined();
    expect(headers.Authorization).toBeUndefined();
  });

  it('adds query parameters, skipping undefined ones', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { ok: true }));
    await apiFetch('/api/analytics-dashboard', {
      schema: z.object({ ok: z.boolean() }),
      query: { timeframe: 'week', category: undefined },
    });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/analytics-dashboard?timeframe=week');
  });

  it('turns the server error shape into an ApiError with status, message, code and details', async () => {
    fetchMock.mockResolvedValueOnce(
      json(409, {
        success: false,
        message: 'Duplicate prediction',
        code: 'DUPLICATE',
        details: { similarTo: 12 },
      }),
    );
    const error = await failure(
      apiFetch('/api/predictions', { method: 'POST', body: {}, schema: z.unknown() }),
    );
    expect(error.status).toBe(409);
    expect(error.message).toBe('Duplicate prediction');
    expect(error.code).toBe('DUPLICATE');
    expect(error.details).toEqual({ similarTo: 12 });
    expect(error.fromServer).toBe(true);
  });

  it('gives a generic message when an error reply is not the shared shape', async () => {
    fetchMock.mockResolvedValueOnce(new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = await failure(apiFetch('/api/user', { schema: z.unknown() }));
    expect(error.status).toBe(502);
    expect(error.code).toBe('HTTP_502');
    expect(error.message).toBe('Server error. Please try again later.');
    expect(error.fromServer).toBe(false);

    fetchMock.mockResolvedValueOnce(new Response('', { status: 404 }));
    const notFound = await failure(apiFetch('/api/nothing', { schema: z.unknown() }));
    expect(notFound.code).toBe('HTTP_404');
    expect(notFound.fromServer).toBe(false);
  });

  it('reports a reply that does not match the schema as an invalid response', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    fetchMock.mockResolvedValueOnce(json(200, { success: true, user: { id: 'not a number' } }));
    const error = await failure(apiFetch('/api/user', { schema: UserReplySchema }));
    expect(error.code).toBe('INVALID_RESPONSE');
    expect(error.message).toBe(INVALID_RESPONSE_MESSAGE);
    expect(error.fromServer).toBe(false);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('reports a network failure with status 0', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const error = await failure(apiFetch('/api/user', { schema: z.unknown() }));
    expect(error.status).toBe(0);
    expect(error.code).toBe('NETWORK_ERROR');
    expect(error.message).toBe(NETWORK_ERROR_MESSAGE);
    expect(error.isNetworkError).toBe(true);
  });

  it('times out', async () => {
    fetchMock.mockImplementationOnce(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        }),
    );
    const error = await failure(apiFetch('/api/slow', { schema: z.unknown(), timeoutMs: 10 }));
    expect(error.code).toBe('TIMEOUT');
  });
});

describe('apiFetch without a schema (the home page: no Zod)', () => {
  it('returns the JSON as the server sent it, and still reports unparseable JSON', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { success: true, topics: [{ id: 1 }] }));
    expect(await apiFetch<{ topics: { id: number }[] }>('/api/hot-topics/ai', { token: null })).toEqual({
      success: true,
      topics: [{ id: 1 }],
    });
    fetchMock.mockResolvedValueOnce(new Response('{not json', { status: 200 }));
    const error = await failure(apiFetch('/api/hot-topics/ai', { token: null }));
    expect(error.code).toBe('INVALID_RESPONSE');
  });

  it('reads the server error shape without a schema, and rejects look-alikes', async () => {
    fetchMock.mockResolvedValueOnce(
      json(429, { success: false, message: 'Slow down', code: 'RATE_LIMITED' }),
    );
    const limited = await failure(apiFetch('/api/predictions/1/like', { method: 'POST' }));
    expect([limited.status, limited.message, limited.code]).toEqual([429, 'Slow down', 'RATE_LIMITED']);
    fetchMock.mockResolvedValueOnce(json(500, { success: false, message: 'x', code: 7 }));
    expect((await failure(apiFetch('/api/x', {}))).code).toBe('HTTP_500');
    fetchMock.mockResolvedValueOnce(json(400, { success: false, message: 'x', code: 'C', details: [1] }));
    expect((await failure(apiFetch('/api/x', {}))).code).toBe('HTTP_400');
  });
});

describe('early requests', () => {
  it('a public read started before the page rendered is taken once, then fetched afresh', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { n: 1 }));
    startEarlyRequests(['/api/stats/homepage']);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(await apiFetch('/api/stats/homepage', { token: null })).toEqual({ n: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(1);

    fetchMock.mockResolvedValueOnce(json(200, { n: 2 }));
    expect(await apiFetch('/api/stats/homepage', { token: null })).toEqual({ n: 2 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('is not used for a call that sends a token or a body, or for another path', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { early: true }));
    startEarlyRequests(['/api/user']);
    fetchMock.mockImplementation(async () => json(200, { early: false }));
    expect(await apiFetch('/api/user', { token: 'a.b.c' })).toEqual({ early: false });
    expect(await apiFetch('/api/user', { method: 'POST', body: {}, token: null })).toEqual({ early: false });
    expect(await apiFetch('/api/user?x=1', { token: null })).toEqual({ early: false });
    expect(await apiFetch('/api/user', { token: null })).toEqual({ early: true });
  });

  it('a failed early request is an ordinary network error for the call that takes it', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    startEarlyRequests(['/api/enhanced-hot-topics']);
    const error = await failure(apiFetch('/api/enhanced-hot-topics', { token: null }));
    expect(error.code).toBe('NETWORK_ERROR');
  });

  it('an early request that hangs still times out', async () => {
    fetchMock.mockReturnValueOnce(new Promise<Response>(() => {}));
    startEarlyRequests(['/api/hot-topics/ai']);
    const error = await failure(apiFetch('/api/hot-topics/ai', { token: null, timeoutMs: 10 }));
    expect(error.code).toBe('TIMEOUT');
  });
});

describe('shouldRetry', () => {
  it('never retries client errors and retries others twice', () => {
    expect(shouldRetry(0, new ApiError(404, 'x', 'NOT_FOUND'))).toBe(false);
    expect(shouldRetry(0, new ApiError(401, 'x', 'UNAUTHORIZED'))).toBe(false);
    expect(shouldRetry(0, new ApiError(503, 'x', 'UNAVAILABLE'))).toBe(true);
    expect(shouldRetry(1, new ApiError(0, 'x', 'NETWORK_ERROR'))).toBe(true);
    expect(shouldRetry(2, new ApiError(500, 'x', 'INTERNAL'))).toBe(false);
  });
});

describe('the community read (SPEC.md §8)', () => {
  it("fails a non-OK reply as 'Community predictions API error' with the status; a network failure stays one", async () => {
    fetchMock.mockResolvedValueOnce(json(503, { success: false, message: 'Down', code: 'UNAVAILABLE' }));
    const error = await failure(getCommunityTopics());
    expect(error.status).toBe(503);
    expect(error.message).toBe('Community predictions API error: 503');
    fetchMock.mockRejectedValueOnce(new TypeError('fetch failed'));
    expect((await failure(getCommunityTopics())).message).toBe(NETWORK_ERROR_MESSAGE);
  });
});
