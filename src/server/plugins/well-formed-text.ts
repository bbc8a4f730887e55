import type { FastifyInstance } from 'fastify';
import { badRequest } from '#server/errors.ts';

// JSON lets a client send a lone UTF-16 surrogate ("\ud800"). Such a string cannot be encoded as
// UTF-8: each lone surrogate would be stored as U+FFFD, so what is stored would differ from what
// was checked (a 444-character comment became 504, past the 500 limit). Every request body is
// refused instead, before validation, with a message that says why.

export const MALFORMED_TEXT_MESSAGE =
  'Text contains an invalid character (an unpaired UTF-16 surrogate). Please remove it and try again.';

/** A surrogate code point: with the u flag a proper pair reads as one character, so only a lone one matches. */
const LONE_SURROGATE = /\p{Cs}/u;
const wellFormed = (text: string) => !LONE_SURROGATE.test(text);

/** The path of the first string in `value` that is not well-formed UTF-16, or null. */
function malformedPath(value: unknown, path: string, depth: number): string | null {
  if (typeof value === 'string') return wellFormed(value) ? null : path;
  if (depth > 32 || value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    if (!wellFormed(key)) return path ? `${path}.${key}` : key;
    const found = malformedPath(item, path ? `${path}.${key}` : key, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

export function registerWellFormedText(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    const field = request.body === undefined ? null : malformedPath(request.body, '', 0);
    if (field === null) return done();
    done(badRequest(MALFORMED_TEXT_MESSAGE, 'INVALID_TEXT', { field: field || null }));
  });
}
