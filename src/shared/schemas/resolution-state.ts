import { z } from 'zod';

// The `resolution` object every prediction reply carries (issue 26). Its own file so the
// predictions contracts and the resolution contracts can both use it.

const RESOLUTION_STATUSES = ['open', 'due', 'resolved'] as const;
export const OUTCOMES = ['yes', 'no', 'ambiguous'] as const;
export type Outcome = (typeof OUTCOMES)[number];

/** Everything but `status` is null or 0 where it does not apply. */
export const ResolutionSchema = z.object({
  /** open: not resolved, resolve-by date not passed (or none); due: past it, unresolved; resolved. */
  status: z.enum(RESOLUTION_STATUSES),
  outcome: z.enum(OUTCOMES).nullable(),
  /** When the current outcome was set (ISO-8601, UTC). */
  resolved_at: z.string().nullable(),
  evidence_url: z.string().nullable(),
  note: z.string().nullable(),
  /** Other members' votes on the resolution. */
  agree: z.number().int(),
  disagree: z.number().int(),
  /** 5+ votes and more disagree than agree: left out of track records until the author changes it. */
  disputed: z.boolean(),
  /** Until when the author may still change it (24 h after the first resolution; open again while disputed). */
  editable_until: z.string().nullable(),
});
export type Resolution = z.infer<typeof ResolutionSchema>;
