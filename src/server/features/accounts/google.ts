import { createRemoteJWKSet, errors, type JWTPayload, jwtVerify } from 'jose';

// Google sign-in (SPEC.md §7 POST /api/auth/google): the browser sends the ID token that Google
// Identity Services' button hands it (its `credential`). The token is a JWT signed by Google; it is
// verified against Google's published keys and must name this site's client id as its audience, so
// a token Google issued to any other app is refused. An access token cannot be checked that way
// (userinfo answers for any app's token), so it is not accepted. docs/decisions/004.

export interface GoogleVerifierConfig {
  clientId: string;
  /** Google's key set (GOOGLE_JWKS_URL; tests point it at a local OIDC server). */
  jwksUrl: string;
  /** The issuers Google signs as (GOOGLE_ISSUER). */
  issuers: readonly string[];
}

interface GoogleProfile {
  sub: string;
  email: string;
  emailVerified: boolean;
  name: string | null;
}

export type GoogleLookup =
  | { ok: true; profile: GoogleProfile }
  | { ok: false; reason: 'rejected' | 'unreachable' };

/** The JOSE failures that mean "not a valid token for us", as opposed to "could not fetch keys". */
const REJECTIONS = [
  errors.JWTExpired,
  errors.JWTClaimValidationFailed,
  errors.JWTInvalid,
  errors.JWSInvalid,
  errors.JWSSignatureVerificationFailed,
  errors.JWKSNoMatchingKey,
  errors.JWKSMultipleMatchingKeys,
  errors.JOSEAlgNotAllowed,
  errors.JOSENotSupported,
];

/** A verifier with its key set cached (jose refetches it when an unknown key id turns up). */
export function createGoogleVerifier(config: GoogleVerifierConfig) {
  const keys = createRemoteJWKSet(new URL(config.jwksUrl), { timeoutDuration: 10_000 });

  return async function verifyIdToken(idToken: string): Promise<GoogleLookup> {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(idToken, keys, {
        audience: config.clientId,
        issuer: [...config.issuers],
        algorithms: ['RS256'],
        requiredClaims: ['sub', 'exp', 'iat'],
        clockTolerance: 30,
      }));
    } catch (err) {
      if (REJECTIONS.some((kind) => err instanceof kind)) return { ok: false, reason: 'rejected' };
      return { ok: false, reason: 'unreachable' };
    }
    // With several audiences, OIDC Core §2 says the authorised party must be us.
    if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== config.clientId) {
      return { ok: false, reason: 'rejected' };
    }
    const sub = typeof payload.sub === 'string' ? payload.sub : '';
    const email = typeof payload.email === 'string' ? payload.email.trim().toLowerCase() : '';
    if (!sub || !email) return { ok: false, reason: 'rejected' };
    // Google sends a boolean; some OIDC servers send the string "true".
    const emailVerified = payload.email_verified === true || payload.email_verified === 'true';
    const name = typeof payload.name === 'string' ? payload.name : null;
    return { ok: true, profile: { sub, email, emailVerified, name } };
  };
}
