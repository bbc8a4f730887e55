import { EXPLORE_MESSAGES } from '#shared/schemas/explore.ts';
import { z } from 'zod';
import { badRequest } from '#server/errors.ts';

// Opaque keyset cursors (docs/decisions/014-explore.md): base64url JSON of where the walk is. Every
// list cursor carries the highest id of its first page, so predictions published while someone
// pages are never read in the middle of the walk, and nothing shifts under them. A cursor that
// does not decode into exactly one of these shapes is a 400, never a 5xx.

const Id = z
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1);
const MaxId = z
  .number()
  .int()
  .min(0)
  .max(2 ** 31 - 1);
/** Timestamps as both databases hand them back (ISO-8601 UTC). */
const Instant = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/);

const ListCursorSchema = z.discriminatedUnion('s', [
  z.strictObject({ s: z.literal('new'), m: MaxId, k: Instant, i: Id }),
  z.strictObject({ s: z.literal('hot'), m: MaxId, k: z.number().finite(), i: Id }),
  z.strictObject({ s: z.literal('top'), m: MaxId, k: z.number().int(), i: Id }),
  z.strictObject({ s: z.literal('q'), m: MaxId, t: z.number().int().min(0).max(1), b: Id }),
]);
export type ListCursor = z.infer<typeof ListCursorSchema>;

const CommentsCursorSchema = z.strictObject({ c: Instant, i: Id });
export type CommentsCursor = z.infer<typeof CommentsCursorSchema>;

const encode = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');

function decode<T>(schema: z.ZodType<T>, cursor: string): T {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    value = undefined;
  }
  const parsed = schema.safeParse(value);
  // base64url decoding ignores stray characters: only the canonical spelling is accepted.
  if (!parsed.success || encode(parsed.data) !== cursor)
    throw badRequest(EXPLORE_MESSAGES.cursor, 'VALIDATION_ERROR');
  return parsed.data;
}

export const encodeListCursor = (c: ListCursor): string => encode(c);
export const decodeListCursor = (s: string): ListCursor => decode(ListCursorSchema, s);
export const encodeCommentsCursor = (c: CommentsCursor): string => encode(c);
export const decodeCommentsCursor = (s: string): CommentsCursor => decode(CommentsCursorSchema, s);
