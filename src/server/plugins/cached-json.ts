import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

// Replies that many readers share (hot topics, news, homepage stats, analytics) are serialised
// once into a cache. Compressing them per request cost more than building them, and sending
// them raw spent the time writing bytes (docs/decisions/006-request-pipeline-speed.md): so the
// compressed bytes are kept beside the text, made once per distinct reply and reused by every
// request that accepts them.

/** Below this, compression saves less than its headers and CPU cost. */
export const MIN_COMPRESS_BYTES = 1024;
/** Distinct replies kept compressed; the cached replies change on writes, so few are live. */
const MAX_ENTRIES = 64;

interface Compressed {
  br: Buffer;
  gzip: Buffer;
}

const compressed = new Map<string, Compressed>();

export function compressedFor(json: string): Compressed {
  let entry = compressed.get(json);
  if (!entry) {
    const raw = Buffer.from(json);
    entry = {
      br: brotliCompressSync(raw, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 5,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        },
      }),
      gzip: gzipSync(raw, { level: 6 }),
    };
    if (compressed.size >= MAX_ENTRIES) compressed.clear();
    compressed.set(json, entry);
  }
  return entry;
}

/** The encoding to send, from the request's Accept-Encoding (brotli first, then gzip). */
export function preferredEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name.trim(), q ? Number(q.slice(2)) : 1);
  }
  const weight = (name: string) => accepted.get(name) ?? accepted.get('*') ?? 0;
  if (weight('br') > 0) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return undefined;
}

/** Sends a reply that is already serialised, compressed when the client accepts it. */
export function sendCachedJson(request: FastifyRequest, reply: FastifyReply, json: string): FastifyReply {
  reply.type('application/json; charset=utf-8');
  if (json.length < MIN_COMPRESS_BYTES) return reply.send(json);
  reply.header('vary', 'accept-encoding');
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  if (!encoding) return reply.send(json);
  return reply.header('content-encoding', encoding).send(compressedFor(json)[encoding]);
}
