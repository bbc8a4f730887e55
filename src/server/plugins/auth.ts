import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SignJWT } from 'jose';
import type { Db } from '#server/db/database.ts';
import { unauthorized } from '#server/errors.ts';
import { verifyHs256 } from './jwt-hs256.ts';
import {
  findActiveSession,
  insertSession,
  revokeOtherSessionsOfUser,
  revokeSessionById,
  revokeSessionsOfUser,
} from '#server/features/accounts/sessions.repository.ts';

// Bearer sessions (ARCHITECTURE.md § Sessions): a signed JWT (HS256: exp, iat, sid, user_id,
// username, email) whose `sid` must name a live row of `sessions`, checked on every request, so
// logout, a password reset or "sign out everywhere" revokes it at once.
//
// Other features use only what this file exports:
//   const member = await requireMember(request);   // 401 UNAUTHORIZED otherwise
//   const maybe = await optionalMember(request);   // null for guests and bad tokens

/** The signed-in member a request acts for. */
export interface Member {
  id: number;
  username: string;
  email: string;
  sessionId: string;
}

export interface IssuedSession {
  token: string;
  sessionId: string;
  expiresAt: string;
}

const SESSION_TTL_MS = {
  /** 'Remember me': 30 days. */
  remember: 30 * 24 * 60 * 60 * 1000,
  /** Otherwise 24 hours. */
  normal: 24 * 60 * 60 * 1000,
} as const;

export class SessionManager {
  readonly #key: Uint8Array;
  constructor(
    private readonly db: Db,
    secret: string,
  ) {
    this.#key = new TextEncoder().encode(secret);
  }

  /** Creates a session row and the token that names it. */
  async issue(
    user: { id: number; username: string; email: string },
    options: { remember: boolean },
  ): Promise<IssuedSession> {
    const now = Date.now();
    const expires = now + (options.remember ? SESSION_TTL_MS.remember : SESSION_TTL_MS.normal);
    const sessionId = randomUUID();
    await insertSession(this.db, {
      id: sessionId,
      userId: user.id,
      remember: options.remember,
      createdAt: new Date(now).toISOString(),
      expiresAt: new Date(expires).toISOString(),
    });
    const token = await new SignJWT({
      sid: sessionId,
      user_id: user.id,
      username: user.username,
      email: user.email,
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(Math.floor(now / 1000))
      .setExpirationTime(Math.floor(expires / 1000))
      .sign(this.#key);
    return { token, sessionId, expiresAt: new Date(expires).toISOString() };
  }

  /** The member a token stands for, or null when it is malformed, forged, expired or revoked. */
  async authenticate(token: string): Promise<Member | null> {
    const claims = verifyHs256(token, this.#key);
    const sid = claims?.sid;
    const userId = claims?.user_id;
    if (typeof sid !== 'string' || typeof userId !== 'number') return null;
    const session = await findActiveSession(this.db, sid, new Date().toISOString());
    if (!session || session.userId !== userId) return null;
    return {
      id: session.userId,
      username: session.username,
      email: session.email,
      sessionId: session.sessionId,
    };
  }

  revoke(sessionId: string): Promise<void> {
    return revokeSessionById(this.db, sessionId, new Date().toISOString());
  }

  /** Signs the member out everywhere; returns how many sessions were live. */
  revokeAll(userId: number): Promise<number> {
    return revokeSessionsOfUser(this.db, userId, new Date().toISOString());
  }

  /** Signs the member out everywhere but in `keepSessionId`; returns how many sessions ended. */
  revokeOthers(userId: number, keepSessionId: string): Promise<number> {
    return revokeOtherSessionsOfUser(this.db, userId, keepSessionId, new Date().toISOString());
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionManager;
  }
  interface FastifyRequest {
    /** Set once the bearer token has been checked: the member, or null. */
    member: Member | null | undefined;
  }
}

const BEARER = /^Bearer\s+([A-Za-z0-9._~+/=-]{1,4096})\s*$/i;

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  return BEARER.exec(header)?.[1] ?? null;
}

async function resolveMember(request: FastifyRequest): Promise<Member | null> {
  if (request.member !== undefined) return request.member;
  const token = bearerToken(request);
  request.member = token ? await request.server.sessions.authenticate(token) : null;
  return request.member;
}

/** The signed-in member, or a 401 `{ code: 'UNAUTHORIZED', message: 'Authentication required' }`. */
export async function requireMember(request: FastifyRequest): Promise<Member> {
  const member = await resolveMember(request);
  if (!member) throw unauthorized('Authentication required');
  return member;
}

/** The signed-in member, or null for a guest (a bad or revoked token also counts as a guest). */
export function optionalMember(request: FastifyRequest): Promise<Member | null> {
  return resolveMember(request);
}

/**
 * Registers the session manager for the whole app. Requests to /api that carry a bearer token
 * are resolved before the route's own hooks run, so per-member rate limits can key on the member.
 */
export const authPlugin = fp<{ db: Db; secret: string }>(
  async (app, { db, secret }) => {
    app.decorate('sessions', new SessionManager(db, secret));
    app.decorateRequest('member', undefined);
    // Callback style: an async hook costs every request a promise, signed in or not.
    app.addHook('onRequest', (request, _reply, done) => {
      if (request.headers.authorization && request.url.startsWith('/api/')) {
        resolveMember(request).then(() => done(), done);
      } else {
        done();
      }
    });
  },
  { name: 'futurecast-auth' },
);
