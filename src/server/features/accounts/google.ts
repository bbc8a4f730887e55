// Google sign-in (SPEC.md §7 POST /api/auth/google): the browser's access token is checked by
// asking the userinfo endpoint who it belongs to (Google's, or GOOGLE_USERINFO_URL in tests).

interface GoogleProfile {
  sub: string;
  email: string;
  emailVerified: boolean;
  name: string | null;
}

export type GoogleLookup =
  | { ok: true; profile: GoogleProfile }
  | { ok: false; reason: 'rejected' | 'unreachable' };

export async function fetchGoogleProfile(userinfoUrl: string, accessToken: string): Promise<GoogleLookup> {
  let res: Response;
  try {
    res = await fetch(userinfoUrl, {
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
      signal: AbortSignal.timeout(10_000),
    });
  } catch {
    return { ok: false, reason: 'unreachable' };
  }
  if (res.status >= 500) return { ok: false, reason: 'unreachable' };
  if (!res.ok) return { ok: false, reason: 'rejected' };
  let body: Record<string, unknown>;
  try {
    body = (await res.json()) as Record<string, unknown>;
  } catch {
    return { ok: false, reason: 'rejected' };
  }
  const sub = typeof body.sub === 'string' ? body.sub : '';
  const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
  if (!sub || !email) return { ok: false, reason: 'rejected' };
  // Google sends a boolean; some OIDC servers send the string "true".
  const emailVerified = body.email_verified === true || body.email_verified === 'true';
  const name = typeof body.name === 'string' ? body.name : null;
  return { ok: true, profile: { sub, email, emailVerified, name } };
}
