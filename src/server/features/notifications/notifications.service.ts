import {
  type ActivityReply,
  NOTIFICATION_MESSAGES as MSG,
  VISIT_GAP_MS,
} from '#shared/schemas/notifications.ts';
import type { Db } from '#server/db/database.ts';
import { badRequest } from '#server/errors.ts';
import type { Member } from '#server/plugins/auth.ts';
import {
  activityOn,
  findVisit,
  isSubscribed,
  saveVisit,
  subscribe,
  unsubscribe,
} from './notifications.repository.ts';
import { verifyUnsubscribeToken } from './unsubscribe-token.ts';

export interface NotificationsServiceDeps {
  db: Db;
  /** Signs and checks the digest's unsubscribe links. */
  secret: string;
  now?: () => Date;
}

export function createNotificationsService({ db, secret, now = () => new Date() }: NotificationsServiceDeps) {
  return {
    /**
     * Records the member's visit and returns what happened since the previous one. A visit is a run
     * of dashboard views in one session without a 30-minute gap: reloading the dashboard keeps
     * showing the same window; a new sign-in or a later return starts a new one.
     */
    async visit(member: Member): Promise<ActivityReply> {
      const at = now();
      const iso = at.toISOString();
      const previous = await findVisit(db, member.id);
      const newVisit =
        previous !== undefined &&
        (previous.sessionId !== member.sessionId ||
          at.getTime() - Date.parse(previous.seenAt) > VISIT_GAP_MS);
      const since = previous === undefined ? null : newVisit ? previous.seenAt : previous.sinceAt;
      await saveVisit(db, member.id, { seenAt: iso, sinceAt: since, sessionId: member.sessionId });
      const activity = await activityOn(db, member.id, { after: since, until: null });
      return { success: true, firstVisit: previous === undefined || since === null, since, ...activity };
    },

    async settings(member: Member) {
      return { success: true as const, digest: await isSubscribed(db, member.id) };
    },

    async setDigest(member: Member, digest: boolean) {
      if (digest) await subscribe(db, member.id, now().toISOString());
      else await unsubscribe(db, member.id);
      return { success: true as const, digest };
    },

    /** The mailed link: no session, a signed and expiring token instead. */
    async unsubscribeWithToken(token: string | undefined): Promise<void> {
      const userId = token ? verifyUnsubscribeToken(secret, token, now().getTime()) : null;
      if (userId === null) throw badRequest(MSG.unsubscribeInvalid, 'INVALID_TOKEN');
      await unsubscribe(db, userId);
    },
  };
}
