import type { Redis } from 'ioredis';

/** Serialised replies for a short time: in-process for one instance, Redis when REDIS_URL is set. */
export interface ReplyCache {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /**
   * The value this process holds for `key` right now, without waiting (the HTTP server's
   * micro-cache, plugins/hot-replies.ts); always undefined with Redis.
   */
  peek(key: string): string | undefined;
}

export function memoryCache(maxEntries = 500): ReplyCache {
  const entries = new Map<string, { value: string; expires: number }>();
  const peek = (key: string) => {
    const hit = entries.get(key);
    if (!hit) return undefined;
    if (hit.expires <= Date.now()) {
      entries.delete(key);
      return undefined;
    }
    return hit.value;
  };
  return {
    peek,
    async get(key) {
      return peek(key);
    },
    async set(key, value, ttlMs) {
      entries.delete(key);
      entries.set(key, { value, expires: Date.now() + ttlMs });
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
    },
  };
}

export function redisCache(redis: Redis, prefix = 'futurecast:analytics:'): ReplyCache {
  return {
    peek: () => undefined,
    async get(key) {
      return (await redis.get(prefix + key)) ?? undefined;
    },
    async set(key, value, ttlMs) {
      await redis.set(prefix + key, value, 'PX', ttlMs);
    },
  };
}
