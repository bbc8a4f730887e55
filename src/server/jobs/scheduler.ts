import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Db } from '#server/db/database.ts';
import { databaseLock, loadCheckpoint, redisLock, saveCheckpoint } from './job-state.repository.ts';

// Periodic jobs, one instance at a time (STYLE.md rule 12, docs/decisions/009-news-pipeline.md).
// The lock is a lease: a row of job_state (PostgreSQL or SQLite) or a Redis key when REDIS_URL is
// set, so any number of app instances can run the scheduler and only one does the work. Each job
// keeps a checkpoint in job_state; a run that finds the last one recent enough skips, so restarts
// and extra instances never fetch more often than the interval.

interface JobContext<C> {
  checkpoint: C | null;
  /** Saves progress mid-run; the final checkpoint is what run() returns. */
  save(checkpoint: C): Promise<void>;
}

export interface Job<C> {
  name: string;
  intervalMs: number;
  /** How long a run may hold the lock before another instance may take over. */
  leaseMs: number;
  run(ctx: JobContext<C>): Promise<C>;
  /** The time of the last completed run, read from the checkpoint. */
  lastRunAt(checkpoint: C | null): number | null;
}

/** An hourly job whose checkpoint says whether, and when, its last pass finished. */
export function hourlyJob<C extends { done: boolean; at: string }>(name: string, run: Job<C>['run']): Job<C> {
  return {
    name,
    intervalMs: 60 * 60_000,
    leaseMs: 15 * 60_000,
    run,
    lastRunAt: (c) => (c?.done ? Date.parse(c.at) : null),
  };
}

export interface JobLog {
  info(obj: unknown, msg: string): void;
  warn(obj: unknown, msg: string): void;
  error(obj: unknown, msg: string): void;
}

type RunOutcome = 'ran' | 'locked' | 'fresh' | 'failed';

export interface Scheduler {
  add<C>(job: Job<C>): void;
  start(): void;
  /** Runs one job now if it holds the lock (and, unless forced, its checkpoint is stale). */
  runOnce(name: string, options?: { force?: boolean }): Promise<RunOutcome>;
  stop(): Promise<void>;
}

export function createScheduler(options: {
  db: Db;
  redis?: Redis | undefined;
  log: JobLog;
  /** Delay before the first check after start(). */
  firstRunDelayMs?: number;
}): Scheduler {
  const { db, log } = options;
  const lock = options.redis ? redisLock(options.redis) : databaseLock(db);
  const owner = `${process.pid}-${randomUUID()}`;
  const jobs = new Map<string, Job<unknown>>();
  const timers = new Map<string, NodeJS.Timeout>();
  const running = new Set<Promise<unknown>>();
  let stopped = false;

  async function runOnce(name: string, { force = false } = {}): Promise<RunOutcome> {
    const job = jobs.get(name);
    if (!job) throw new Error(`no job named ${name}`);
    if (!(await lock.acquire(name, owner, job.leaseMs))) return 'locked';
    try {
      const checkpoint = await loadCheckpoint<unknown>(db, name);
      const last = job.lastRunAt(checkpoint);
      // 10% slack so a timer that fires a little early does not skip a whole interval.
      if (!force && last !== null && Date.now() - last < job.intervalMs * 0.9) return 'fresh';
      const started = Date.now();
      const next = await job.run({ checkpoint, save: (c) => saveCheckpoint(db, name, c) });
      await saveCheckpoint(db, name, next);
      log.info({ job: name, ms: Date.now() - started }, 'job finished');
      return 'ran';
    } catch (err) {
      log.error({ err, job: name }, 'job failed');
      return 'failed';
    } finally {
      await lock.release(name, owner).catch((err) => log.warn({ err, job: name }, 'job lock release failed'));
    }
  }

  function schedule(name: string, delayMs: number) {
    if (stopped) return;
    const timer = setTimeout(() => {
      const p = runOnce(name)
        .catch((err) => log.error({ err, job: name }, 'job tick failed'))
        .finally(() => {
          running.delete(p);
          schedule(name, jobs.get(name)?.intervalMs ?? 60_000);
        });
      running.add(p);
    }, delayMs);
    timer.unref();
    timers.set(name, timer);
  }

  return {
    add(job) {
      jobs.set(job.name, job as Job<unknown>);
    },
    start() {
      for (const name of jobs.keys()) schedule(name, options.firstRunDelayMs ?? 2_000);
    },
    runOnce,
    async stop() {
      stopped = true;
      for (const t of timers.values()) clearTimeout(t);
      timers.clear();
      await Promise.allSettled([...running]);
    },
  };
}
