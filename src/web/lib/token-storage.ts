/**
 * The session token lives in web storage under the key `token` (SPEC.md §4, §9):
 * localStorage when the member chose "Remember me", sessionStorage otherwise.
 * Storage can throw (privacy modes, disabled storage), so every access is guarded.
 */
const TOKEN_KEY = 'token';
const SESSION_KEYS = [TOKEN_KEY, 'username', 'user'] as const;

type StorageName = 'localStorage' | 'sessionStorage';

function store(name: StorageName): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window[name];
  } catch {
    return null;
  }
}

function get(name: StorageName, key: string): string | null {
  try {
    return store(name)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** The stored token: the persistent one first, then the session one. */
export function readToken(): string | null {
  return get('localStorage', TOKEN_KEY) || get('sessionStorage', TOKEN_KEY) || null;
}

/** Stores the token in exactly one place, so a later "not remembered" login can't be shadowed. */
export function writeToken(token: string, remember: boolean): void {
  const target: StorageName = remember ? 'localStorage' : 'sessionStorage';
  const other: StorageName = remember ? 'sessionStorage' : 'localStorage';
  try {
    store(other)?.removeItem(TOKEN_KEY);
    store(target)?.setItem(TOKEN_KEY, token);
  } catch {
    // Storage full or disabled: the session then lasts as long as the page.
  }
}

/** Removes the token, username and user from both storages (SPEC.md §4 Logout). */
export function clearSession(): void {
  for (const name of ['localStorage', 'sessionStorage'] as const) {
    for (const key of SESSION_KEYS) {
      try {
        store(name)?.removeItem(key);
      } catch {
        // Nothing more we can do; the server session is revoked separately.
      }
    }
  }
}

/** Where per-member data kept in this browser starts (unpublished prediction drafts). */
export const MEMBER_DATA_PREFIX = 'futurecast:draft:';

/**
 * On sign-out only: the member's drafts go, so the next person on this browser finds none. (An
 * expired session keeps them: the member signs in again and carries on writing.)
 */
export function clearMemberData(): void {
  try {
    const storage = store('localStorage');
    for (const key of Object.keys(storage ?? {})) {
      if (key.startsWith(MEMBER_DATA_PREFIX)) storage?.removeItem(key);
    }
  } catch {
    // Storage unavailable: nothing was kept there either.
  }
}

/** Reads a local flag such as `futurecast:debug-perf` without ever throwing. */
export function readLocalFlag(key: string): string | null {
  return get('localStorage', key);
}
