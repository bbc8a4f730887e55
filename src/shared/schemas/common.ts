import { z } from 'zod';

/** The one error shape every failing /api call returns (ARCHITECTURE.md § API). */
export const ErrorReplySchema = z.object({
  success: z.literal(false),
  message: z.string(),
  code: z.string(),
  details: z.record(z.string(), z.unknown()).optional(),
});
export type ErrorReply = z.infer<typeof ErrorReplySchema>;

export const HealthReplySchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ ok: z.boolean(), dialect: z.enum(['sqlite', 'postgres']), latencyMs: z.number() }),
  /** Present when REDIS_URL is set; its outage degrades the instance without failing the check. */
  redis: z.object({ ok: z.boolean(), latencyMs: z.number().nullable() }).optional(),
  version: z.string(),
  uptimeSeconds: z.number(),
});
