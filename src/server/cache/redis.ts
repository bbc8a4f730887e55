import { Redis, type RedisOptions } from 'ioredis';

// The Redis connection every instance shares for rate limits, the reply cache and job locks, set
// up to fail fast: while Redis is away no command waits in a queue or retries, each one fails at
// once (or after COMMAND_TIMEOUT_MS when Redis hangs), and the caller falls back (memory rate
// limits, the database for cached replies). docs/decisions/012-scale-out-failures.md.

/** A cache read that takes longer than this is given up and the reply built from the database. */
export const COMMAND_TIMEOUT_MS = 50;

const REDIS_OPTIONS: RedisOptions = {
  // Commands sent while disconnected fail at once instead of waiting for a reconnect.
  enableOfflineQueue: false,
  // A command in flight when the connection drops fails instead of being retried after it.
  maxRetriesPerRequest: 0,
  commandTimeout: COMMAND_TIMEOUT_MS,
  connectTimeout: 1000,
  // Reconnect quickly and keep trying: 100 ms, 200 ms, … at most every 2 s.
  retryStrategy: (times) => Math.min(times * 100, 2000),
  // Finds a peer that vanished without closing the connection.
  keepAlive: 5000,
};

/** How often a ping checks a connection that looks open; two misses in a row reconnect it. */
const HEARTBEAT_MS = 1000;

export interface RedisLog {
  info(obj: unknown, msg: string): void;
  warn(obj: unknown, msg: string): void;
}

export interface RedisLink {
  readonly client: Redis;
  /** True while the connection is open and answering. */
  isUp(): boolean;
  /** Resolves when the first connection is ready, or after `timeoutMs` (then Redis is down). */
  ready(timeoutMs?: number): Promise<boolean>;
  /** Called on every change of state. */
  onChange(listener: (up: boolean) => void): void;
  /** A second connection with the same settings and handling (pub/sub needs its own). */
  duplicate(name: string): RedisLink;
  /** Round trip of a PING, or null when it fails. */
  ping(): Promise<number | null>;
  /** Stops watching; disconnects the client only if this link opened it (a duplicate). */
  close(): void;
}

/** The app's Redis client, with the settings above (main.ts; tests may pass their own client). */
export const connectRedis = (url: string): Redis => new Redis(url, REDIS_OPTIONS);

/**
 * Wraps an ioredis client with an 'error' listener (a client without one prints a stack trace per
 * failed reconnect outside the JSON log) and logs one line per change of state, not per request.
 */
export function watchRedis(client: Redis, options: { log: RedisLog; name?: string }): RedisLink {
  return link(client, options.log, options.name ?? 'redis', false);
}

function link(client: Redis, log: RedisLog, name: string, owned: boolean): RedisLink {
  let up = client.status === 'ready';
  let everUp = up;
  let closed = false;
  let missed = 0;
  const listeners: Array<(up: boolean) => void> = [];
  const set = (next: boolean, err?: unknown) => {
    if (next === up) return;
    up = next;
    if (next) {
      missed = 0;
      // A duplicate (a subscriber) follows the same server: its link is the one that reports.
      if (everUp && !owned) log.info({ redis: name }, 'Redis is reachable again');
      everUp = true;
    } else if (!closed && !owned) {
      log.warn(
        { redis: name, error: err instanceof Error ? err.message : undefined },
        'Redis is unreachable: rate limits count per instance and cached replies come from the database until it returns',
      );
    }
    for (const listener of listeners) listener(next);
  };
  let lastError: unknown;
  // The state change logs the error; the events themselves are routine while Redis is away.
  client.on('error', (err) => {
    lastError = err;
  });
  client.on('ready', () => set(true));
  client.on('close', () => set(false, lastError));
  client.on('end', () => set(false, lastError));

  const ping = async (): Promise<number | null> => {
    const started = performance.now();
    let timer: NodeJS.Timeout | undefined;
    try {
      // Bounded even for a client made without commandTimeout (tests pass their own).
      await Promise.race([
        client.ping(),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('no answer')), 4 * COMMAND_TIMEOUT_MS);
        }),
      ]);
      return Math.round((performance.now() - started) * 100) / 100;
    } catch {
      return null;
    } finally {
      clearTimeout(timer);
    }
  };
  // A connection can look open while Redis no longer answers (a hung server, a dropped route):
  // two missed pings reconnect it, which marks Redis down until a new connection is ready.
  const heartbeat = setInterval(() => {
    if (
      !up ||
      client.status !== 'ready' ||
      (client as { condition?: { subscriber?: unknown } }).condition?.subscriber
    )
      return;
    void ping().then((ms) => {
      missed = ms === null ? missed + 1 : 0;
      if (missed >= 2 && up) {
        missed = 0;
        set(false, new Error('Redis stopped answering'));
        client.disconnect(true);
      }
    });
  }, HEARTBEAT_MS);
  heartbeat.unref();

  return {
    client,
    isUp: () => up,
    ready(timeoutMs = 2000) {
      if (up) return Promise.resolve(true);
      return new Promise((resolve) => {
        const timer = setTimeout(() => resolve(false), timeoutMs);
        timer.unref();
        client.once('ready', () => {
          clearTimeout(timer);
          resolve(true);
        });
      });
    },
    onChange: (listener) => void listeners.push(listener),
    duplicate: (suffix) => link(client.duplicate(), log, `${name}:${suffix}`, true),
    ping,
    close() {
      closed = true;
      clearInterval(heartbeat);
      if (owned) client.disconnect();
    },
  };
}
