import type { Redis } from 'ioredis';
import { COMMAND_TIMEOUT_MS, type RedisLink } from './redis.ts';

// A short-lived cache of serialised replies (docs/decisions/008-community-and-hot-topics.md):
// in-process for one instance; with REDIS_URL, shared in Redis and kept in front of it in every
// process (a first level the HTTP micro-cache can answer from), invalidated across instances.
// Values are JSON strings, ready to send. docs/decisions/012-scale-out-failures.md says how
// instances stay consistent and what happens while Redis is away.

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
   * micro-cache (plugins/hot-replies.ts). With Redis, only while this process is subscribed to
   * the invalidations, so another instance's write drops it here too.
   */
  peek(key: string): string | undefined;
  /** Stops listening for invalidations (the app's onClose). */
  close(): void;
}

export interface CacheLog {
  warn(obj: unknown, msg: string): void;
}

interface Entry {
  value: string;
  expires: number;
  /** The shared generation the value was built for; null for an entry of this process alone. */
  generation: number | null;
}

/** While Redis is away each instance caches alone, and another's write shows within this. */
const DEGRADED_TTL_MS = 5000;
/** How long a key's generation outlives its last invalidation (longer than any entry's TTL). */
const GENERATION_TTL_MS = 24 * 3600_000;

// KEYS: generation, value. Returns the generation (0 if none yet), the value or false, its PTTL.
const READ = `
local g = redis.call('get', KEYS[1]) or '0'
local v = redis.call('get', KEYS[2])
local t = -2
if v then t = redis.call('pttl', KEYS[2]) end
return {g, v, t}`;
// KEYS: generation, value; ARGV: the generation the value was built for, the value, its TTL.
// Stores only if no invalidation happened since the build started (atomically, in Redis).
const WRITE = `
if (redis.call('get', KEYS[1]) or '0') ~= ARGV[1] then return 0 end
redis.call('set', KEYS[2], ARGV[2], 'PX', ARGV[3])
return 1`;
// KEYS: generation, value pairs; ARGV: channel, generation TTL, then the plain keys. Moves each
// key to a new generation, drops its value and tells every instance ("<generation> <key>" lines).
const INVALIDATE = `
local lines = {}
for i = 1, #KEYS, 2 do
  local g = redis.call('incr', KEYS[i])
  redis.call('pexpire', KEYS[i], ARGV[2])
  redis.call('del', KEYS[i + 1])
  lines[#lines + 1] = g .. ' ' .. ARGV[2 + (i + 1) / 2]
end
redis.call('publish', ARGV[1], table.concat(lines, '\\n'))
return lines`;

interface CacheCommands {
  futurecastCacheRead(generationKey: string, valueKey: string): Promise<[string, string | null, number]>;
  futurecastCacheWrite(
    generationKey: string,
    valueKey: string,
    generation: string,
    value: string,
    ttlMs: number,
  ): Promise<number>;
  futurecastCacheInvalidate(...args: Array<string | number>): Promise<string[]>;
}

function defineCommands(client: Redis): CacheCommands {
  const c = client as Redis & Partial<CacheCommands>;
  if (!c.futurecastCacheRead) {
    client.defineCommand('futurecastCacheRead', { numberOfKeys: 2, lua: READ });
    client.defineCommand('futurecastCacheWrite', { numberOfKeys: 2, lua: WRITE });
    client.defineCommand('futurecastCacheInvalidate', { lua: INVALIDATE });
  }
  return c as Redis & CacheCommands;
}

/** Gives up on a Redis call after COMMAND_TIMEOUT_MS, whatever the client's own settings. */
function within<T>(promise: Promise<T>, ms = COMMAND_TIMEOUT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`Redis did not answer within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

export function createReplyCache(options: {
  redis?: RedisLink | undefined;
  log: CacheLog;
  prefix?: string;
  /** In-process entries kept at most (oldest evicted first). */
  maxEntries?: number;
}): ReplyCache {
  const { redis, log } = options;
  const prefix = options.prefix ?? 'futurecast:cache:';
  const channel = `${prefix}invalidations`;
  const maxEntries = options.maxEntries ?? 1000;
  const local = new Map<string, Entry>();
  const inflight = new Map<string, Promise<string>>();
  // Bumped by invalidate(): a build that started before a write must not store its stale result.
  const generation = new Map<string, number>();
  // The newest shared generation this process has heard of per key (from Redis or a message).
  const known = new Map<string, number>();
  // Keys invalidated while Redis was away: their shared entries are moved on when it returns.
  const missed = new Set<string>();
  const commands = redis ? defineCommands(redis.client) : undefined;
  const subscriber = redis?.duplicate('invalidations');
  // True while invalidations reach this process: only then may it answer from its first level.
  let subscribed = false;

  let lastWarning = 0;
  const warn = (err: unknown, msg: string) => {
    // The link logs Redis going away; this only reports surprises, at most every 10 s.
    if (!redis?.isUp() || Date.now() - lastWarning < 10_000) return;
    lastWarning = Date.now();
    log.warn({ err }, msg);
  };

  const generationKey = (key: string) => `${prefix}gen:${key}`;
  const valueKey = (key: string) => prefix + key;

  function remember(key: string, entry: Entry) {
    local.delete(key);
    local.set(key, entry);
    if (local.size > maxEntries) local.delete(local.keys().next().value as string);
  }

  /** What this process may answer with by itself. */
  function held(key: string): string | undefined {
    const hit = local.get(key);
    if (!hit) return undefined;
    if (hit.expires <= Date.now()) {
      local.delete(key);
      return undefined;
    }
    if (!redis) return hit.value;
    // Shared entries need the invalidations; entries of this process alone are for outages.
    if (redis.isUp()) return subscribed && hit.generation !== null ? hit.value : undefined;
    return hit.generation === null ? hit.value : undefined;
  }

  function hear(message: string) {
    for (const line of message.split('\n')) {
      const space = line.indexOf(' ');
      const gen = Number(line.slice(0, space));
      const key = line.slice(space + 1);
      if ((known.get(key) ?? 0) < gen) known.set(key, gen);
      const hit = local.get(key);
      if (hit && (hit.generation === null || hit.generation < gen)) local.delete(key);
    }
  }

  async function moveOn(keys: string[]): Promise<void> {
    if (!commands || !redis || keys.length === 0) return;
    if (!redis.isUp()) {
      for (const key of keys) missed.add(key);
      return;
    }
    try {
      const args = keys.flatMap((k) => [generationKey(k), valueKey(k)]);
      const lines = await within(
        commands.futurecastCacheInvalidate(args.length, ...args, channel, GENERATION_TTL_MS, ...keys),
      );
      hear(lines.join('\n'));
    } catch (err) {
      for (const key of keys) missed.add(key);
      warn(err, 'cache invalidation failed; it is sent again when Redis answers');
    }
  }

  if (redis && subscriber) {
    subscriber.client.on('message', (from: string, message: string) => {
      if (from === channel) hear(message);
    });
    const resubscribe = () => {
      // Messages may have been lost while away: forget everything held, then listen again.
      subscribed = false;
      local.clear();
      known.clear();
      if (!subscriber.isUp()) return;
      subscriber.client.subscribe(channel).then(
        () => {
          subscribed = subscriber.isUp();
          local.clear();
        },
        (err) => warn(err, 'cache invalidation channel: subscribe failed'),
      );
    };
    subscriber.onChange(resubscribe);
    resubscribe();
    redis.onChange((up) => {
      // Entries kept during an outage may be another instance's stale ones, and the shared
      // entries may have missed this instance's writes: start afresh, and tell the others.
      local.clear();
      if (up && missed.size > 0) {
        const keys = [...missed];
        missed.clear();
        void moveOn(keys);
      }
    });
  }

  async function buildAlone(key: string, ttlMs: number, build: () => Promise<string>, shared: boolean) {
    const started = generation.get(key) ?? 0;
    const value = await build();
    if ((generation.get(key) ?? 0) === started) {
      remember(key, {
        value,
        expires: Date.now() + (shared ? Math.min(ttlMs, DEGRADED_TTL_MS) : ttlMs),
        generation: null,
      });
    }
    return value;
  }

  async function buildShared(key: string, ttlMs: number, build: () => Promise<string>, fresh: boolean) {
    if (!commands) return { value: await buildAlone(key, ttlMs, build, false), cached: false };
    const localStart = generation.get(key) ?? 0;
    let read: [string, string | null, number];
    try {
      read = await within(commands.futurecastCacheRead(generationKey(key), valueKey(key)));
    } catch (err) {
      warn(err, 'cache read failed; building the reply');
      return { value: await buildAlone(key, ttlMs, build, true), cached: false };
    }
    const gen = Number(read[0]);
    const stillCurrent = () => (known.get(key) ?? 0) <= gen && (generation.get(key) ?? 0) === localStart;
    const keep = (value: string, expiresInMs: number) => {
      if (subscribed && stillCurrent())
        remember(key, { value, expires: Date.now() + expiresInMs, generation: gen });
    };
    if (!fresh && read[1] !== null) {
      keep(read[1], Math.min(ttlMs, read[2] > 0 ? read[2] : ttlMs));
      return { value: read[1], cached: true };
    }
    const value = await build();
    try {
      const stored = await within(
        commands.futurecastCacheWrite(generationKey(key), valueKey(key), String(gen), value, ttlMs),
      );
      if (stored === 1) keep(value, ttlMs);
    } catch (err) {
      warn(err, 'cache write failed');
    }
    return { value, cached: false };
  }

  return {
    async getOrBuild(key, ttlMs, build, { fresh = false } = {}) {
      if (!fresh) {
        const hit = held(key);
        if (hit !== undefined) return { value: hit, cached: true };
        const running = inflight.get(key);
        if (running) return { value: await running, cached: true };
      }
      if (!redis?.isUp()) {
        const promise = buildAlone(key, ttlMs, build, Boolean(redis)).finally(() => {
          if (inflight.get(key) === promise) inflight.delete(key);
        });
        inflight.set(key, promise);
        return { value: await promise, cached: false };
      }
      const result = buildShared(key, ttlMs, build, fresh);
      const promise = result.then((r) => r.value);
      const settled = promise.finally(() => {
        if (inflight.get(key) === settled) inflight.delete(key);
      });
      // The caller gets the failure through `result`; this copy is only for requests that join.
      settled.catch(() => {});
      inflight.set(key, settled);
      return result;
    },
    peek: held,
    async invalidate(...keys) {
      for (const key of keys) {
        generation.set(key, (generation.get(key) ?? 0) + 1);
        local.delete(key);
        inflight.delete(key);
      }
      await moveOn(keys);
    },
    close() {
      subscriber?.close();
    },
  };
}
