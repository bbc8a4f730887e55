// The WAL checkpointer's thread (wal-checkpointer.ts): its own connection to the database file,
// copying committed WAL frames into the file every few milliseconds with PASSIVE checkpoints, which
// never block the request thread's readers or writer. Plain JavaScript so it starts the same way
// under `node --import tsx`, Vitest and anything else that loads the server.
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

const { filename, intervalMs } = workerData;
const db = new SQLite(filename, { fileMustExist: true });
db.pragma('busy_timeout = 1000');
const stats = { checkpoints: 0, framesCopied: 0, failures: 0 };
let timer;
let lastError = '';

function checkpoint() {
  try {
    const [result] = db.pragma('wal_checkpoint(PASSIVE)');
    stats.checkpoints++;
    stats.framesCopied += Math.max(0, result.checkpointed);
    lastError = '';
  } catch (err) {
    stats.failures++;
    const message = err instanceof Error ? err.message : String(err);
    // Reported once per kind of failure, not 20 times a second.
    if (message !== lastError) parentPort.postMessage({ type: 'error', message });
    lastError = message;
  }
  timer = setTimeout(checkpoint, intervalMs);
}

parentPort.on('message', (message) => {
  if (message === 'stats') parentPort.postMessage({ type: 'stats', ...stats });
  if (message === 'stop') {
    clearTimeout(timer);
    db.close();
    parentPort.close();
  }
});
checkpoint();
