import {
  type AccountExport,
  EXPORT_FORMAT,
  EXPORT_SECTIONS,
  EXPORT_VERSION,
} from '#shared/schemas/account-data.ts';
import type { Db } from '#server/db/database.ts';
import { unauthorized } from '#server/errors.ts';
import type { Member } from '#server/plugins/auth.ts';
import {
  commentsBy,
  commentsOnPredictionsOf,
  exportPredictions,
  exportProfile,
  resolutionVotesBy,
  votesBy,
} from './account-data.repository.ts';

/** 'Export my data': the member's own data only, read in one snapshot-consistent transaction. */
export function createAccountDataService({ db, now = () => new Date() }: { db: Db; now?: () => Date }) {
  return {
    async exportFor(member: Member): Promise<AccountExport> {
      // One snapshot (repeatable read on PostgreSQL; a read transaction is one on SQLite's WAL): a like
      // or comment arriving meanwhile can't make the counts and the lists disagree.
      return db
        .transaction()
        .setIsolationLevel('repeatable read')
        .execute(async (trx) => {
          const profile = await exportProfile(trx, member.id);
          if (!profile) throw unauthorized();
          const [predictions, onMine, comments, votes, resolutionVotes] = [
            await exportPredictions(trx, member.id),
            await commentsOnPredictionsOf(trx, member.id),
            await commentsBy(trx, member.id),
            await votesBy(trx, member.id),
            await resolutionVotesBy(trx, member.id),
          ];
          const byId = new Map(predictions.map((p) => [p.id, p]));
          for (const c of onMine) {
            byId.get(c.predictionId)?.comments.push({
              id: c.id,
              username: c.username,
              text: c.text,
              created_at: c.createdAt,
              mine: c.userId === member.id,
            });
          }
          return {
            format: EXPORT_FORMAT,
            version: EXPORT_VERSION,
            exported_at: now().toISOString(),
            includes: [...EXPORT_SECTIONS],
            profile: {
              id: profile.id,
              username: profile.username,
              email: profile.email,
              created_at: profile.createdAt,
              email_verified: profile.emailVerified,
              sign_in: { password: profile.hasPassword, google: profile.hasGoogle },
              email_digest: profile.digest,
              resolution_reminders: profile.reminders,
            },
            predictions,
            comments,
            votes,
            resolution_votes: resolutionVotes,
          };
        });
    },
  };
}
