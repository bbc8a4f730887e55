import { setImmediate as yieldToRequests } from 'node:timers/promises';
import { isoDay } from '#shared/rules/resolve-by.ts';
import { RESOLUTION_LIMITS } from '#shared/schemas/resolution.ts';
import type { Db } from '#server/db/database.ts';
import { hourlyJob, type Job, type JobLog } from '#server/jobs/scheduler.ts';
import type { Mailer } from '#server/mail/mailer.ts';
import { resolutionReminderMail } from '#server/mail/templates.ts';
import { signOptOutToken } from './reminder-token.ts';
import {
  addToTrackRecords,
  type DuePrediction,
  duePredictions,
  markReminderSent,
  noteDue,
  reminderRecipient,
  unnoteDue,
} from './resolution.repository.ts';
import { contribution, difference } from './track-record.ts';

// Resolution reminders (issue 26), a job of the app's one scheduler: one runner at a time (its
// lock), hourly, with a checkpoint. A pass walks the dated, unresolved predictions whose resolve-by
// day has passed and that no pass has noted yet (predictions_due_idx), in (date, id) order. Each
// is claimed by a compare-and-set on due_noted_at, in the transaction that counts it as due in the
// track records, so however many runners meet it, one mails its author, once. A mail that cannot
// be sent gives the claim back (and the count), so a later pass tries again.

export const REMINDER_JOB = 'resolution-reminders';
const BATCH = 100;

export interface ReminderCheckpoint {
  /** The UTC day this pass treats as today. */
  today: string;
  /** Every due prediction up to this one (in date, id order) has been handled in this pass. */
  after: { targetDate: string; id: number } | null;
  done: boolean;
  at: string;
  sent: number;
}

export interface ReminderDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  secret: string;
  log: JobLog;
  now?: () => Date;
  /** Told after a pass that counted predictions as due (the public figures' cache is dropped). */
  onRecordsChanged?: () => Promise<void>;
}

const dayLabel = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** Counts (or, with `back`, uncounts) a prediction as fallen due in its author's track records. */
async function countDue(db: Db, p: DuePrediction, back = false) {
  const open = contribution({ confidence: p.confidence, dueNoted: false, resolution: null });
  const due = contribution({ confidence: p.confidence, dueNoted: true, resolution: null });
  const delta = back ? difference(open, due) : difference(due, open);
  if (delta) await addToTrackRecords(db, p.userId, p.isPublic, delta);
}

/** Claims, counts and mails one due prediction: 'sent', 'counted' (no mail), or 'skipped' (another runner's). */
async function remind(
  deps: ReminderDeps,
  p: DuePrediction,
  at: string,
): Promise<'sent' | 'counted' | 'skipped'> {
  const claimed = await deps.db.transaction().execute(async (trx) => {
    if (!(await noteDue(trx, p.id, at))) return false;
    await countDue(trx, p);
    return true;
  });
  if (!claimed) return 'skipped';
  const to = await reminderRecipient(deps.db, p.userId);
  // Demo members have no mailbox; members who opted out are counted, not mailed.
  if (!to || to.isDemo || to.optedOut) return 'counted';
  const now = deps.now ?? (() => new Date());
  const token = signOptOutToken(deps.secret, p.userId, now().getTime() + RESOLUTION_LIMITS.optOutLinkTtlMs);
  const oneClick = `${deps.publicUrl}/api/resolution-reminders/opt-out?token=${token}`;
  try {
    await deps.mailer.send({
      to: to.email,
      ...resolutionReminderMail({
        username: to.username,
        text: p.text,
        dueDay: dayLabel(p.targetDate),
        resolveLink: `${deps.publicUrl}/login?resolve=${p.id}`,
        optOutLink: `${deps.publicUrl}/reminders/opt-out?token=${token}`,
      }),
      // RFC 8058: mail clients offer a one-click opt-out that POSTs to this address.
      headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });
  } catch (err) {
    deps.log.warn({ err: { message: (err as Error).message }, predictionId: p.id }, 'reminder not sent');
    await deps.db.transaction().execute(async (trx) => {
      if (await unnoteDue(trx, p.id, at)) await countDue(trx, p, true);
    });
    return 'skipped';
  }
  await markReminderSent(deps.db, p.id, now().toISOString());
  return 'sent';
}

/** One pass (or the rest of an interrupted one); returns the finished checkpoint. */
export async function runReminderPass(
  deps: ReminderDeps,
  checkpoint: ReminderCheckpoint | null,
  save: (c: ReminderCheckpoint) => Promise<void> = async () => {},
): Promise<ReminderCheckpoint> {
  const now = deps.now ?? (() => new Date());
  const resume = checkpoint && !checkpoint.done ? checkpoint : null;
  const today = resume?.today ?? isoDay(now());
  let after = resume?.after ?? null;
  let sent = resume?.sent ?? 0;
  let counted = 0;
  for (;;) {
    const due = await duePredictions(deps.db, today, after, BATCH);
    if (due.length === 0) break;
    for (const p of due) {
      after = { targetDate: p.targetDate, id: p.id };
      const outcome = await remind(deps, p, now().toISOString());
      if (outcome === 'sent') sent += 1;
      if (outcome !== 'skipped') counted += 1;
    }
    await save({ today, after, done: false, at: now().toISOString(), sent });
    await yieldToRequests();
  }
  if (counted > 0) await deps.onRecordsChanged?.();
  return { today, after, done: true, at: now().toISOString(), sent };
}

/** Hourly: a prediction's author hears within about an hour of its resolve-by day ending (UTC). */
export function reminderJob(deps: ReminderDeps): Job<ReminderCheckpoint> {
  return hourlyJob(REMINDER_JOB, ({ checkpoint, save }) => runReminderPass(deps, checkpoint, save));
}
