import { setImmediate as yieldToRequests } from 'node:timers/promises';
import { DIGEST_EVERY_MS, UNSUBSCRIBE_LINK_TTL_MS } from '#shared/schemas/notifications.ts';
import type { Db } from '#server/db/database.ts';
import { hourlyJob, type Job, type JobLog } from '#server/jobs/scheduler.ts';
import type { Mailer } from '#server/mail/mailer.ts';
import { digestMail } from '#server/mail/templates.ts';
import { activityOn, dueDigests, moveDigestWindow } from './notifications.repository.ts';
import { signUnsubscribeToken } from './unsubscribe-token.ts';

// The opt-in email digest (docs/decisions/013-account-self-service.md), a job of the app's one
// scheduler: one runner at a time (its lock), hourly. A pass walks the subscriptions in user order
// in small batches, checkpointing the last member done, so a pass cut short resumes where it
// stopped with the same window end. A member whose last digest is a day old and who has new likes
// or comments gets one mail covering (end of the last window, start of this pass]; the window moves
// first, by a compare-and-set on its end, so a member is never mailed twice for the same window,
// and moves back if the mail could not be sent, so the next pass tries again.

export const DIGEST_JOB = 'email-digest';
const BATCH = 100;
/** Passes start about an hour apart; a digest due "a day after the last" may go out in the pass before. */
const DUE_SLACK_MS = 30 * 60_000;

export interface DigestCheckpoint {
  /** The window end every member of this pass gets. */
  passStartedAt: string;
  /** Every subscription up to this member has been handled in this pass. */
  lastUserId: number;
  done: boolean;
  at: string;
  sent: number;
}

export interface DigestDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  secret: string;
  log: JobLog;
  now?: () => Date;
}

const dayLabel = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', timeZone: 'UTC' });

/** One pass (or the rest of an interrupted one); returns the finished checkpoint. */
export async function runDigestPass(
  deps: DigestDeps,
  checkpoint: DigestCheckpoint | null,
  save: (c: DigestCheckpoint) => Promise<void> = async () => {},
): Promise<DigestCheckpoint> {
  const now = deps.now ?? (() => new Date());
  const resume = checkpoint && !checkpoint.done ? checkpoint : null;
  const passStartedAt = resume?.passStartedAt ?? now().toISOString();
  let lastUserId = resume?.lastUserId ?? 0;
  let sent = resume?.sent ?? 0;
  const sentBefore = new Date(Date.parse(passStartedAt) - DIGEST_EVERY_MS + DUE_SLACK_MS).toISOString();
  for (;;) {
    const due = await dueDigests(deps.db, lastUserId, sentBefore, BATCH);
    if (due.length === 0) break;
    for (const d of due) {
      lastUserId = d.userId;
      if (d.throughAt >= passStartedAt) continue;
      const activity = await activityOn(deps.db, d.userId, { after: d.throughAt, until: passStartedAt });
      if (activity.likes + activity.comments === 0) continue;
      const claimed = { throughAt: passStartedAt, sentAt: now().toISOString() };
      if (!(await moveDigestWindow(deps.db, d.userId, d, claimed))) continue;
      const token = signUnsubscribeToken(deps.secret, d.userId, now().getTime() + UNSUBSCRIBE_LINK_TTL_MS);
      const oneClick = `${deps.publicUrl}/api/digest/unsubscribe?token=${token}`;
      try {
        await deps.mailer.send({
          to: d.email,
          ...digestMail({
            username: d.username,
            since: dayLabel(d.throughAt),
            ...activity,
            dashboardLink: `${deps.publicUrl}/login`,
            unsubscribeLink: `${deps.publicUrl}/unsubscribe?token=${token}`,
          }),
          // RFC 8058: mail clients offer a one-click unsubscribe that POSTs to this address.
          headers: {
            'List-Unsubscribe': `<${oneClick}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          },
        });
        sent += 1;
      } catch (err) {
        deps.log.warn({ err: { message: (err as Error).message }, userId: d.userId }, 'digest not sent');
        await moveDigestWindow(deps.db, d.userId, claimed, d);
      }
    }
    await save({ passStartedAt, lastUserId, done: false, at: now().toISOString(), sent });
    await yieldToRequests();
  }
  return { passStartedAt, lastUserId, done: true, at: now().toISOString(), sent };
}

/** Hourly; each member hears at most once a day, and only when something happened. */
export function digestJob(deps: DigestDeps): Job<DigestCheckpoint> {
  return hourlyJob(DIGEST_JOB, ({ checkpoint, save }) => runDigestPass(deps, checkpoint, save));
}
