import type { User, UserReply } from '#shared/schemas/accounts.ts';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { ApiError, apiFetch } from '#web/lib/api-client.ts';
import { decodeTokenPayload } from '#web/lib/jwt.ts';
import { clearMemberData, clearSession, readToken, writeToken } from '#web/lib/token-storage.ts';

type AuthStatus = 'loading' | 'authenticated' | 'anonymous';

/** Who the stored token says it is, unverified: lets pages lay out a member's view while the profile loads. */
interface Claimed {
  id: number;
  username: string;
}

export interface AuthContextValue {
  status: AuthStatus;
  user: User | null;
  token: string | null;
  /** While `status` is 'loading': the member the token names (the server has not confirmed it yet). */
  claimed: Claimed | null;
  /** Stores the token (localStorage when remembered, else sessionStorage) and loads the profile. */
  login: (token: string, remember: boolean) => Promise<User | null>;
  /** Revokes the session, clears storage and reloads the page at `redirectTo` (default /login). */
  logout: (redirectTo?: string) => Promise<void>;
}

interface AuthState {
  status: AuthStatus;
  user: User | null;
  token: string | null;
  claimed: Claimed | null;
}

const AuthContext = createContext<AuthContextValue | null>(null);
const ANONYMOUS: AuthState = { status: 'anonymous', user: null, token: null, claimed: null };

/** The state on first render: a missing or unparseable token needs no network call. */
function initialState(): AuthState {
  const token = readToken();
  if (!token) return ANONYMOUS;
  const payload = decodeTokenPayload(token);
  if (!payload) {
    clearSession();
    return ANONYMOUS;
  }
  const { user_id: id, username } = payload;
  const claimed = typeof id === 'number' && typeof username === 'string' ? { id, username } : null;
  return { status: 'loading', user: null, token, claimed };
}

/**
 * Fetches the profile for a token. A rejected token (401/403) is removed; a network or server failure
 * keeps it (the server may be restarting) but leaves the visitor signed out for this page load.
 */
async function fetchSessionUser(token: string, signal?: AbortSignal): Promise<User | null> {
  try {
    // Typed, not parsed: this runs on every page, the home page included, which ships without Zod.
    const reply = await apiFetch<UserReply>('/api/user', { token, signal });
    return reply.user;
  } catch (error) {
    if (signal?.aborted) throw error;
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
      clearSession();
    } else {
      console.warn('Could not load the signed-in user; continuing signed out.', error);
    }
    return null;
  }
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>(initialState);
  const pendingToken = state.status === 'loading' ? state.token : null;

  useEffect(() => {
    if (!pendingToken) return;
    const controller = new AbortController();
    fetchSessionUser(pendingToken, controller.signal).then(
      (user) =>
        setState(user ? { status: 'authenticated', user, token: pendingToken, claimed: null } : ANONYMOUS),
      () => {
        // Aborted by unmount (or StrictMode's double effect): the next run takes over.
      },
    );
    return () => controller.abort();
  }, [pendingToken]);

  const login = useCallback(async (token: string, remember: boolean) => {
    if (!decodeTokenPayload(token)) {
      clearSession();
      setState(ANONYMOUS);
      return null;
    }
    writeToken(token, remember);
    // No global Loading screen here: the account page shows its own welcome animation meanwhile.
    const user = await fetchSessionUser(token);
    setState(user ? { status: 'authenticated', user, token, claimed: null } : ANONYMOUS);
    return user;
  }, []);

  const logout = useCallback(async (redirectTo = '/login') => {
    const token = readToken();
    if (token) {
      try {
        await apiFetch('/api/auth/logout', { method: 'POST', token, timeoutMs: 5_000 });
      } catch {
        // The local session ends regardless; the server session expires on its own.
      }
    }
    clearSession();
    clearMemberData();
    window.location.assign(redirectTo);
  }, []);

  const value = useMemo<AuthContextValue>(() => ({ ...state, login, logout }), [state, login, logout]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
