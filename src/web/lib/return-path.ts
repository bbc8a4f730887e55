// Where a member goes back to after signing in from somewhere else (the Login Required dialog):
// `/login?next=/p/12`. The value comes from the address bar, so anyone can craft it: only a path on
// this site is followed, never another origin (an open redirect would lend our name to phishing).

/** A base no real page has: a value that resolves away from it names another origin. */
const BASE = 'https://futurecast.invalid';
/** The sign-in pages themselves: going back to one would only show the dashboard again. */
const ACCOUNT_PATHS = new Set(['/login', '/signup', '/forgot-password']);
const MAX_LENGTH = 2_000;

/**
 * The same-origin relative path `value` names ('/p/12?x=1#c'), or null. Rejects absolute URLs
 * ('https://…', 'javascript:…'), protocol-relative ones ('//evil.com') and what browsers read as
 * such: '/\evil.com' (a backslash counts as a slash) and '/\t/evil.com' (tabs and newlines are
 * dropped). The URL parser is the judge, as it is the browser's when it follows the path.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || value.length > MAX_LENGTH) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  const path = url.pathname.toLowerCase();
  if (ACCOUNT_PATHS.has(path) || ACCOUNT_PATHS.has(path.slice(0, -1))) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** '/login' → '/login?next=%2Fp%2F12' for the page the member is on (nothing for a sign-in page). */
export function withReturnPath(target: string, current: string | null | undefined): string {
  const next = safeReturnPath(current);
  return next ? `${target}?next=${encodeURIComponent(next)}` : target;
}

// Registration returns through a mailed link, often in another tab: the path waits in localStorage.
const PENDING_KEY = 'futurecast:return-to';

export function rememberReturnPath(value: string | null | undefined): void {
  const next = safeReturnPath(value);
  try {
    if (next) localStorage.setItem(PENDING_KEY, next);
    else localStorage.removeItem(PENDING_KEY);
  } catch {
    // Storage unavailable: the member lands on the dashboard instead.
  }
}

/** The remembered path, once: it is removed as it is read (and checked again, as it is stored data). */
export function takeRememberedReturnPath(): string | null {
  try {
    const value = localStorage.getItem(PENDING_KEY);
    localStorage.removeItem(PENDING_KEY);
    return safeReturnPath(value);
  } catch {
    return null;
  }
}
