import type { Redis } from 'ioredis';
import type { Db } from '#server/db/database.ts';
import { jsonText, nowIso, parseJson } from '#server/db/dialect.ts';

// The scheduler's state (jobs/scheduler.ts): each job's checkpoint in job_state, and its lock as a
// lease, a row of job_state or a Redis key when REDIS_URL is set.

export interface JobLock {
  acquire(name: string, owner: string, leaseMs: number): Promise<boolean>;
  release(name: string, owner: string): Promise<void>;
}

export function databaseLock(db: Db): JobLock {
  return {
    async acquire(name, owner, leaseMs) {
      const now = nowIso();
      await db
        .insertInto('job_state')
        .values({ name, updated_at: now })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      const result = await db
        .updateTable('job_state')
        .set({
          locked_by: owner,
          locked_until: new Date(Date.now() + leaseMs).toISOString(),
          updated_at: now,
        })
        .where('name', '=', name)
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    async release(name, owner) {
      await db
        .updateTable('job_state')
        .set({ locked_by: null, locked_until: null, updated_at: nowIso() })
        .where('name', '=', name)
        .where('locked_by', '=', owner)
        .execute();
    },
  };
}

const RELEASE_SCRIPT = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

export function redisLock(redis: Redis): JobLock {
  const key = (name: string) => `futurecast:job-lock:${name}`;
  return {
    async acquire(name, owner, leaseMs) {
      return (await redis.set(key(name), owner, 'PX', leaseMs, 'NX')) === 'OK';
    },
    async release(name, owner) {
      await redis.eval(RELEASE_SCRIPT, 1, key(name), owner);
    },
  };
}

export async function loadCheckpoint<C>(db: Db, name: string): Promise<C | null> {
  const row = await db
    .selectFrom('job_state')
    .select('checkpoint')
    .where('name', '=', name)
    .executeTakeFirst();
  return parseJson<C | null>(row?.checkpoint, null);
}

export async function saveCheckpoint<C>(db: Db, name: string, checkpoint: C): Promise<void> {
  const now = nowIso();
  await db
    .insertInto('job_state')
    .values({ name, checkpoint: jsonText(checkpoint), updated_at: now })
    .onConflict((oc) => oc.column('name').doUpdateSet({ checkpoint: jsonText(checkpoint), updated_at: now }))
    .execute();
}
