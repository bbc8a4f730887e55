import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';

// SQLite in WAL mode copies committed pages back into the database file (a checkpoint) from
// inside the COMMIT that pushes the log past `wal_autocheckpoint` pages (1,000 by default), and
// syncs the file twice while doing it. In one process that COMMIT is a request's: measured on the
// 1M-prediction bench set, a like toggle's commit took 240 µs on average, of which ~200 µs was its
// share of those checkpoints. Here a worker thread with its own connection runs them instead,
// PASSIVE (never waiting on or blocking the writer), so a request's commit only appends to the log.
// docs/decisions/011-write-path-budgets.md.

interface WalCheckpointerStats {
  checkpoints: number;
  framesCopied: number;
  failures: number;
}

export interface WalCheckpointer {
  stats(): Promise<WalCheckpointerStats>;
  stop(): Promise<void>;
}

/**
 * Frames the request connection lets the log grow to before it checkpoints itself: the safety net
 * for a worker that lags behind a long burst of writes (or stopped). A full checkpoint by the
 * writer is also what lets the next write start the log from its beginning again.
 */
export const REQUEST_THREAD_CHECKPOINT_PAGES = 16_000;
const DEFAULT_AUTOCHECKPOINT_PAGES = 1_000;

export function startWalCheckpointer(
  sqlite: SQLite.Database,
  options: { intervalMs?: number; onError?: (message: string) => void } = {},
): WalCheckpointer {
  const worker = new Worker(new URL('./wal-checkpointer.worker.mjs', import.meta.url), {
    workerData: { filename: sqlite.name, intervalMs: options.intervalMs ?? 50 },
    // Plain JavaScript: none of the parent's flags (a loader, --input-type) apply to it.
    execArgv: [],
  });
  sqlite.pragma(`wal_autocheckpoint = ${REQUEST_THREAD_CHECKPOINT_PAGES}`);
  let running = true;
  const waiting: Array<{ resolve: (stats: WalCheckpointerStats) => void; reject: (err: Error) => void }> = [];
  const fallBack = (message: string) => {
    options.onError?.(message);
    for (const w of waiting.splice(0)) w.reject(new Error(message));
    if (running && sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${DEFAULT_AUTOCHECKPOINT_PAGES}`);
    running = false;
  };
  worker.on('error', (err) => fallBack(err.message));
  worker.on('exit', () => {
    if (running) fallBack('the WAL checkpointer thread exited');
  });
  worker.on('message', (m: { type: string; message?: string } & WalCheckpointerStats) => {
    if (m.type === 'error') options.onError?.(m.message ?? 'checkpoint failed');
    if (m.type === 'stats')
      waiting
        .shift()
        ?.resolve({ checkpoints: m.checkpoints, framesCopied: m.framesCopied, failures: m.failures });
  });
  // After the listeners: adding a 'message' listener refs the port again. The thread never keeps
  // the process alive; the server stops it on shutdown (Database.close).
  worker.unref();
  return {
    stats: () =>
      new Promise((resolve, reject) => {
        if (!running) return reject(new Error('the WAL checkpointer is not running'));
        // Held while the answer is on its way, so a caller awaiting it isn't left behind at exit.
        worker.ref();
        waiting.push({
          resolve: (stats) => {
            if (waiting.length === 0) worker.unref();
            resolve(stats);
          },
          reject,
        });
        worker.postMessage('stats');
      }),
    stop: async () => {
      if (!running) return;
      running = false;
      const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      worker.postMessage('stop');
      await exited;
      if (sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${DEFAULT_AUTOCHECKPOINT_PAGES}`);
    },
  };
}
