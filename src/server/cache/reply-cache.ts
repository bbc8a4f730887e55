import type { Redis } from 'ioredis';

// A short-lived cache of serialised replies (docs/decisions/008-community-and-hot-topics.md):
// in-process for one instance, Redis when REDIS_URL is set so every instance sees the same entry
// and a write on any instance invalidates it for all. Values are JSON strings, ready to send.

export interface ReplyCache {
  /** The cached value, or one built now (at most one build per key at a time in this process). */
  getOrBuild(
    key: string,
    ttlMs: number,
    build: () => Promise<string>,
    options?: { fresh?: boolean },
  ): Promise<{ value: string; cached: boolean }>;
  invalidate(...keys: string[]): Promise<void>;
  /**
   * The value this process holds for `key` right now, without waiting: for the HTTP server's
   * micro-cache (plugins/hot-replies.ts). Always undefined with Redis, whose entries another
   * instance may have invalidated: those requests take the full path.
   */
  peek(key: string): string | undefined;
}

export interface CacheLog {
  warn(obj: unknown, msg: string): void;
}

interface Entry {
  value: string;
  expires: number;
}

export function createReplyCache(options: {
  redis?: Redis | undefined;
  log: CacheLog;
  prefix?: string;
  /** In-process entries kept at most (oldest evicted first). */
  maxEntries?: number;
}): ReplyCache {
  const { redis, log } = options;
  const prefix = options.prefix ?? 'futurecast:cache:';
  const maxEntries = options.maxEntries ?? 1000;
  const local = new Map<string, Entry>();
  const inflight = new Map<string, Promise<string>>();
  // Bumped by invalidate(): a build that started before a write must not store its stale result.
  const generation = new Map<string, number>();

  async function read(key: string): Promise<string | null> {
    if (!redis) {
      const hit = local.get(key);
      if (hit && hit.expires > Date.now()) return hit.value;
      if (hit) local.delete(key);
      return null;
    }
    try {
      return await redis.get(prefix + key);
    } catch (err) {
      log.warn({ err }, 'cache read failed; building the reply');
      return null;
    }
  }

  async function write(key: string, value: string, ttlMs: number): Promise<void> {
    if (!redis) {
      local.delete(key);
      local.set(key, { value, expires: Date.now() + ttlMs });
      if (local.size > maxEntries) local.delete(local.keys().next().value as string);
      return;
    }
    try {
      await redis.set(prefix + key, value, 'PX', ttlMs);
    } catch (err) {
      log.warn({ err }, 'cache write failed');
    }
  }

  return {
    async getOrBuild(key, ttlMs, build, { fresh = false } = {}) {
      const hit = fresh ? null : await read(key);
      if (hit !== null) return { value: hit, cached: true };
      const running = fresh ? undefined : inflight.get(key);
      if (running) return { value: await running, cached: true };
      const started = generation.get(key) ?? 0;
      const promise = build()
        .then(async (value) => {
          if ((generation.get(key) ?? 0) === started) await write(key, value, ttlMs);
          return value;
        })
        .finally(() => inflight.delete(key));
      inflight.set(key, promise);
      return { value: await promise, cached: false };
    },
    peek(key) {
      if (redis) return undefined;
      const hit = local.get(key);
      return hit && hit.expires > Date.now() ? hit.value : undefined;
    },
    async invalidate(...keys) {
      for (const key of keys) {
        generation.set(key, (generation.get(key) ?? 0) + 1);
        local.delete(key);
        inflight.delete(key);
      }
      if (redis && keys.length) {
        try {
          await redis.del(...keys.map((k) => prefix + k));
        } catch (err) {
          log.warn({ err }, 'cache invalidation failed; entries expire on their own');
        }
      }
    },
  };
}
