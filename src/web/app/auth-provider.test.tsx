// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider, useAuth } from './auth-provider';

const fetchMock = vi.fn<typeof fetch>();

/** A syntactically valid JWT (the signature is not checked on the client). */
function fakeJwt(payload: Record<string, unknown>): string {
  const encode = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}.signature`;
}

const USER = {
  id: 7,
  username: 'grace',
  email: 'grace@example.org',
  created_at: '2025-03-01T10:00:00.000Z',
  email_verified: true,
  is_demo: false,
};

/** The Authorization header of the n-th fetch call. */
const authorization = (n = 0) =>
  ((fetchMock.mock.calls[n]?.[1]?.headers ?? {}) as Record<string, string>).Authorization;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function Probe() {
  const { status, user } = useAuth();
  return (
    <p data-testid="probe">
      {status}
      {user ? `:${user.username}` : ''}
    </p>
  );
}

const renderProvider = () =>
  render(
    <AuthProvider>
      <Probe />
    </AuthProvider>,
  );

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  fetchMock.mockReset();
});

describe('AuthProvider', () => {
  it('is signed out at once, without a request, when no token is stored', () => {
    renderProvider();
    expect(screen.getByTestId('probe').textContent).toBe('anonymous');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('removes an unparseable token from both storages without calling the server', () => {
    localStorage.setItem('token', 'not-a-jwt');
    sessionStorage.setItem('token', 'not-a-jwt');
    localStorage.setItem('username', 'someone');
    renderProvider();
    expect(screen.getByTestId('probe').textContent).toBe('anonymous');
    expect(localStorage.getItem('token')).toBeNull();
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('username')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('treats a token whose payload is not JSON as unparseable', () => {
    sessionStorage.setItem('token', 'aaa.%%%.bbb');
    renderProvider();
    expect(screen.getByTestId('probe').textContent).toBe('anonymous');
    expect(sessionStorage.getItem('token')).toBeNull();
  });

  it('loads the profile with the stored token and signs in', async () => {
    const token = fakeJwt({ user_id: 7, username: 'grace' });
    sessionStorage.setItem('token', token);
    fetchMock.mockResolvedValue(json(200, { success: true, user: USER }));
    renderProvider();
    expect(screen.getByTestId('probe').textContent).toBe('loading');
    await waitFor(() => expect(screen.getByTestId('probe').textContent).toBe('authenticated:grace'));
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/user');
    expect(authorization()).toBe(`Bearer ${token}`);
  });

  it('while the profile loads, names the member the token claims, then the confirmed one', async () => {
    sessionStorage.setItem('token', fakeJwt({ user_id: 7, username: 'grace' }));
    let reply: (r: Response) => void = () => {};
    fetchMock.mockReturnValue(new Promise((resolve) => (reply = resolve)));
    function Claimed() {
      const { status, claimed } = useAuth();
      return <p data-testid="claimed">{`${status}:${claimed?.id ?? '-'}:${claimed?.username ?? '-'}`}</p>;
    }
    render(
      <AuthProvider>
        <Claimed />
      </AuthProvider>,
    );
    expect(screen.getByTestId('claimed').textContent).toBe('loading:7:grace');
    reply(json(200, { success: true, user: USER }));
    await waitFor(() => expect(screen.getByTestId('claimed').textContent).toBe('authenticated:-:-'));
  });

  it('prefers the persistent token over the session one', async () => {
    const persistent = fakeJwt({ user_id: 7 });
    localStorage.setItem('token', persistent);
    sessionStorage.setItem('token', fakeJwt({ user_id: 8 }));
    fetchMock.mockResolvedValue(json(200, { success: true, user: USER }));
    renderProvider();
    await waitFor(() => expect(screen.getByTestId('probe').textContent).toBe('authenticated:grace'));
    expect(authorization()).toBe(`Bearer ${persistent}`);
  });

  it.each([401, 403])('removes the token when the server answers %i', async (status) => {
    localStorage.setItem('token', fakeJwt({ user_id: 7 }));
    localStorage.setItem('user', '{}');
    fetchMock.mockResolvedValue(
      json(status, { success: false, message: 'Invalid token', code: 'UNAUTHORIZED' }),
    );
    renderProvider();
    await waitFor(() => expect(screen.getByTestId('probe').textContent).toBe('anonymous'));
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('keeps the token on a server error but continues signed out, with a warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const token = fakeJwt({ user_id: 7 });
    localStorage.setItem('token', token);
    fetchMock.mockResolvedValue(json(503, { success: false, message: 'Unavailable', code: 'UNAVAILABLE' }));
    renderProvider();
    await waitFor(() => expect(screen.getByTestId('probe').textContent).toBe('anonymous'));
    expect(localStorage.getItem('token')).toBe(token);
    expect(warn).toHaveBeenCalled();
  });

  it('keeps the token when the network fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const token = fakeJwt({ user_id: 7 });
    sessionStorage.setItem('token', token);
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    renderProvider();
    await waitFor(() => expect(screen.getByTestId('probe').textContent).toBe('anonymous'));
    expect(sessionStorage.getItem('token')).toBe(token);
  });

  it('login stores a remembered token in localStorage and signs in', async () => {
    let login: ReturnType<typeof useAuth>['login'] | undefined;
    function Grab() {
      login = useAuth().login;
      return null;
    }
    render(
      <AuthProvider>
        <Grab />
        <Probe />
      </AuthProvider>,
    );
    fetchMock.mockResolvedValue(json(200, { success: true, user: USER }));
    const token = fakeJwt({ user_id: 7 });
    await act(async () => {
      await login?.(token, true);
    });
    expect(localStorage.getItem('token')).toBe(token);
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(screen.getByTestId('probe').textContent).toBe('authenticated:grace');
  });
});
