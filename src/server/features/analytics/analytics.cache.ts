import type { Redis } from 'ioredis';

/** Serialised replies for a short time: in-process for one instance, Redis when REDIS_URL is set. */
export interface ReplyCache {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
}

export function memoryCache(maxEntries = 500): ReplyCache {
  const entries = new Map<string, { value: string; expires: number }>();
  return {
    async get(key) {
      const hit = entries.get(key);
      if (!hit) return undefined;
      if (hit.expires <= Date.now()) {
        entries.delete(key);
        return undefined;
      }
      return hit.value;
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
    async get(key) {
      return (await redis.get(prefix + key)) ?? undefined;
    },
    async set(key, value, ttlMs) {
      await redis.set(prefix + key, value, 'PX', ttlMs);
    },
  };
}
