import {
  type CommunityResolutionReply,
  type LeaderboardReply,
  type MyTrackRecordReply,
  RESOLUTION_LIMITS,
  RESOLUTION_MESSAGES as MSG,
  type ResolveBody,
  type ResolveReply,
  type TrackRecord,
  type VoteReply,
} from '#shared/schemas/resolution.ts';
import type { Resolution } from '#shared/schemas/resolution-state.ts';
import type { Db } from '#server/db/database.ts';
import { lockPredictionRow } from '#server/db/dialect.ts';
import { badRequest, conflict, forbidden, notFound } from '#server/errors.ts';
import { findStoredPrediction } from '#server/features/predictions/predictions.repository.ts';
import type { Member } from '#server/plugins/auth.ts';
import { verifyOptOutToken } from './reminder-token.ts';
import {
  addToTrackRecords,
  communityCounters,
  deleteVote,
  deleteVotes,
  findPredictionForResolution,
  findResolution,
  isOptedOut,
  leaderboardRows,
  optIn,
  optOut,
  type PredictionForResolution,
  resolutionFactsOf,
  resolutionsOfAuthor,
  type StoredResolution,
  saveResolution,
  saveVote,
  setVoteCounts,
  subtractFromCommunity,
  trackRecordCounters,
  votedOnBy,
} from './resolution.repository.ts';
import { resolutionView } from './resolution-view.ts';
import { contribution, difference, isDisputed, trackRecordFromCounters } from './track-record.ts';

// Resolving one's own predictions, the community's check, track records, the leaderboard
// (issue 26, docs/decisions/015-resolution.md). Each write runs in one transaction that also
// updates the stored track records, under the prediction's row lock on PostgreSQL.

type Asker = Pick<Member, 'id' | 'username'>;

/** The facts a track record counts, for a prediction and its resolution (or none). */
const factsOf = (p: PredictionForResolution, r: StoredResolution | null | undefined) => ({
  confidence: p.confidence,
  dueNoted: p.dueNoted,
  resolution: r ? { outcome: r.outcome, disputed: r.disputed } : null,
});

/** Adds to the stored track records what moved between `before` and `after`. */
async function recount(
  db: Db,
  p: PredictionForResolution,
  before: StoredResolution | null | undefined,
  after: StoredResolution | null | undefined,
): Promise<void> {
  const delta = difference(contribution(factsOf(p, after)), contribution(factsOf(p, before)));
  if (delta) await addToTrackRecords(db, p.userId, p.isPublic, delta);
}

/** A prediction the asker may see: their own, or a public one. Others' private ones do not exist. */
function visibleTo(p: PredictionForResolution | undefined, asker: Asker): PredictionForResolution {
  if (!p || (!p.isPublic && p.userId !== asker.id)) throw notFound(MSG.notFound, 'PREDICTION_NOT_FOUND');
  return p;
}

// ── For other features (the explore routes, account deletion) ──

/** The `resolution` object of each listed prediction (missing ids are left out). */
export async function resolutionsFor(
  db: Db,
  ids: readonly number[],
  now: Date = new Date(),
): Promise<Map<number, Resolution>> {
  const facts = await resolutionFactsOf(db, ids);
  return new Map([...facts].map(([id, f]) => [id, resolutionView(f.targetDate, f.resolution, now)]));
}

/** An author's own predictions with their `resolution`: one indexed read of their resolutions. */
export async function withResolutionsOfAuthor<T extends { id: number; target_date: string | null }>(
  db: Db,
  authorId: number,
  items: readonly T[],
  now: Date = new Date(),
): Promise<Array<T & { resolution: Resolution }>> {
  const stored = items.length ? await resolutionsOfAuthor(db, authorId) : new Map();
  return items.map((i) => ({ ...i, resolution: resolutionView(i.target_date, stored.get(i.id), now) }));
}

/** `items` with their `resolution` added, in the same order. */
export async function attachResolutions<T extends { id: number }>(
  db: Db,
  items: readonly T[],
  now: Date = new Date(),
): Promise<Array<T & { resolution: Resolution }>> {
  const map = await resolutionsFor(
    db,
    items.map((i) => i.id),
    now,
  );
  return items.map((i) => ({ ...i, resolution: map.get(i.id) ?? resolutionView(null, null, now) }));
}

/**
 * A member's track record: 'public' counts only their public predictions (anyone may see it, e.g.
 * on their profile); 'own' counts private ones too (only ever shown to the member themself).
 */
export async function trackRecordOf(db: Db, userId: number, view: 'public' | 'own'): Promise<TrackRecord> {
  return trackRecordFromCounters(await trackRecordCounters(db, userId, view === 'own' ? 'all' : 'public'));
}

/** Takes a prediction out of the stored track records; call it in the deleting transaction, before the delete. */
export async function removePredictionFromTrackRecords(db: Db, predictionId: number): Promise<void> {
  const p = await findPredictionForResolution(db, predictionId);
  if (!p) return;
  const delta = difference(
    contribution({ confidence: null, dueNoted: false, resolution: null }),
    contribution(factsOf(p, await findResolution(db, predictionId))),
  );
  if (delta) await addToTrackRecords(db, p.userId, p.isPublic, delta);
}

/**
 * Before an account is deleted (in its deleting transaction): takes the member's public record out
 * of the community's, and their votes off others' resolutions (a dispute they tipped may end).
 * Their own rows and predictions go with them (on delete cascade).
 */
export async function removeMemberFromTrackRecords(db: Db, userId: number): Promise<void> {
  await subtractFromCommunity(db, userId);
  for (const predictionId of await votedOnBy(db, userId)) {
    await lockPredictionRow(db, predictionId);
    const p = await findPredictionForResolution(db, predictionId);
    const before = await findResolution(db, predictionId);
    const counts = await deleteVote(db, predictionId, userId);
    if (!p || !before) continue;
    const after = { ...before, ...counts, disputed: isDisputed(counts.agree, counts.disagree) };
    await setVoteCounts(db, predictionId, after);
    await recount(db, p, before, after);
  }
}

export interface ResolutionServiceDeps {
  db: Db;
  /** Checks the reminder mails' opt-out links. */
  secret: string;
  now?: () => Date;
  /** Told after every write that moves a track record (the routes drop their cached public replies). */
  onRecordsChanged?: () => Promise<void>;
}

export function createResolutionService({
  db,
  secret,
  now = () => new Date(),
  onRecordsChanged = async () => {},
}: ResolutionServiceDeps) {
  async function replyWith(id: number, message: string, at: Date): Promise<ResolveReply> {
    const [stored, resolution] = await Promise.all([
      findStoredPrediction(db, id),
      resolutionsFor(db, [id], at),
    ]);
    if (!stored) throw notFound(MSG.notFound, 'PREDICTION_NOT_FOUND');
    return {
      success: true,
      message,
      prediction: { ...stored, resolution: resolution.get(id) ?? resolutionView(null, null, at) },
    };
  }

  return {
    /** The author resolves their prediction, or changes the resolution within 24 h (or while disputed). */
    async resolve(asker: Asker, predictionId: number, body: ResolveBody): Promise<ResolveReply> {
      const at = now();
      const iso = at.toISOString();
      const changed = await db.transaction().execute(async (trx) => {
        await lockPredictionRow(trx, predictionId);
        const p = visibleTo(await findPredictionForResolution(trx, predictionId), asker);
        if (p.userId !== asker.id) throw forbidden(MSG.notAuthor, 'NOT_AUTHOR');
        const before = await findResolution(trx, predictionId);
        if (
          before &&
          !before.disputed &&
          at.getTime() >= Date.parse(before.firstResolvedAt) + RESOLUTION_LIMITS.changeWindowMs
        )
          throw conflict(MSG.final, 'RESOLUTION_FINAL');
        // A new outcome is a new claim: the votes on the old one no longer apply.
        const outcomeChanged = before !== undefined && before.outcome !== body.outcome;
        if (outcomeChanged) await deleteVotes(trx, predictionId);
        const keep = before && !outcomeChanged;
        const after: StoredResolution = {
          predictionId,
          outcome: body.outcome,
          evidenceUrl: body.evidence_url || null,
          note: body.note || null,
          agree: keep ? before.agree : 0,
          disagree: keep ? before.disagree : 0,
          disputed: keep ? before.disputed : false,
          firstResolvedAt: before?.firstResolvedAt ?? iso,
          resolvedAt: iso,
        };
        await saveResolution(trx, { ...after, userId: p.userId });
        await recount(trx, p, before, after);
        return before !== undefined;
      });
      await onRecordsChanged();
      return replyWith(predictionId, changed ? MSG.changed : MSG.resolved, at);
    },

    /** Another member agrees or disagrees with a resolution; a second vote replaces the first. */
    async vote(asker: Asker, predictionId: number, agree: boolean): Promise<VoteReply> {
      const at = now();
      const resolution = await db.transaction().execute(async (trx) => {
        await lockPredictionRow(trx, predictionId);
        const p = visibleTo(await findPredictionForResolution(trx, predictionId), asker);
        if (p.userId === asker.id) throw forbidden(MSG.ownVote, 'OWN_PREDICTION');
        const before = await findResolution(trx, predictionId);
        if (!before) throw conflict(MSG.notResolved, 'NOT_RESOLVED');
        const counts = await saveVote(trx, {
          predictionId,
          userId: asker.id,
          agree,
          at: at.toISOString(),
        });
        const after = { ...before, ...counts, disputed: isDisputed(counts.agree, counts.disagree) };
        await setVoteCounts(trx, predictionId, after);
        await recount(trx, p, before, after);
        return resolutionView(p.targetDate, after, at);
      });
      await onRecordsChanged();
      return {
        success: true,
        message: MSG.voted,
        prediction_id: predictionId,
        resolution,
        my_vote: { agree },
      };
    },

    /** The member's own figures, private predictions included, and the public ones others see. */
    async myTrackRecord(asker: Asker): Promise<MyTrackRecordReply> {
      const [own, visible, optedOut] = await Promise.all([
        trackRecordOf(db, asker.id, 'own'),
        trackRecordOf(db, asker.id, 'public'),
        isOptedOut(db, asker.id),
      ]);
      return { success: true, track_record: own, public_track_record: visible, reminders: !optedOut };
    },

    /** Public: members' public records only, ranked by Brier score (lower is better). */
    async leaderboard(): Promise<LeaderboardReply> {
      const rows = await leaderboardRows(db, RESOLUTION_LIMITS.leaderboardSize);
      return {
        success: true,
        min_scored: RESOLUTION_LIMITS.leaderboardMinScored,
        entries: rows.map((r, i) => {
          const record = trackRecordFromCounters(r.counters);
          return {
            rank: i + 1,
            username: r.username,
            is_demo: r.isDemo,
            brier: record.brier ?? 0,
            scored: record.scored,
            resolved: record.resolved,
            came_true_rate: record.came_true_rate,
          };
        }),
      };
    },

    /** Public: the community's figures over public predictions. */
    async communityResolution(): Promise<CommunityResolutionReply> {
      return { success: true, track_record: trackRecordFromCounters(await communityCounters(db)) };
    },

    async reminderSettings(asker: Asker) {
      return { success: true as const, reminders: !(await isOptedOut(db, asker.id)) };
    },

    async setReminders(asker: Asker, reminders: boolean) {
      if (reminders) await optIn(db, asker.id);
      else await optOut(db, asker.id, now().toISOString());
      return { success: true as const, reminders };
    },

    /** The mailed opt-out link: no session, a signed and expiring token instead. */
    async optOutWithToken(token: string | undefined): Promise<void> {
      const userId = token ? verifyOptOutToken(secret, token, now().getTime()) : null;
      if (userId === null) throw badRequest(MSG.optOutInvalid, 'INVALID_TOKEN');
      await optOut(db, userId, now().toISOString());
    },
  };
}
