import { createHash, randomBytes } from 'node:crypto';

// Email verification and reset tokens (ARCHITECTURE.md § Sessions and security decisions):
// 256 random bits, sent once in a link, stored only as their SHA-256.

export const VERIFY_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
export const RESET_TOKEN_TTL_MS = 30 * 60 * 1000;

export function newEmailToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashEmailToken(token) };
}

export const hashEmailToken = (token: string): string => createHash('sha256').update(token).digest('hex');
