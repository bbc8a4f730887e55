import type { Db } from '#server/db/database.ts';
import { nowIso } from '#server/db/dialect.ts';
import { applyCounterDeltas } from '#server/features/community/community.repository.ts';

// Likes, dislikes and comments by demo members on the public demo predictions, written through
// the community repository so counters, engagement and hot scores are exactly what the API
// would have produced.

const DEMO_COMMENTS = [
  'Plausible, but I think the timeline is a year or two too optimistic.',
  'The cost curve supports this. I would bet on it.',
  'What would make you change your mind on this one?',
  'Regulation is the wild card here.',
  'I made a similar call last year; the data since then backs it up.',
  'Bold! Adding a reminder to check back on this.',
];

export async function seedDemoEngagement(
  db: Db,
  now = Date.now(),
): Promise<{ votes: number; comments: number }> {
  const members = await db
    .selectFrom('users')
    .select(['id'])
    .where('is_demo', '=', 1)
    .orderBy('id')
    .execute();
  const predictions = await db
    .selectFrom('predictions')
    .select(['id', 'user_id', 'created_at'])
    .where('is_demo', '=', 1)
    .where('is_public', '=', 1)
    .where('is_flagged', '=', 0)
    .orderBy('id')
    .execute();
  if (members.length === 0 || predictions.length === 0) return { votes: 0, comments: 0 };
  const already = await db
    .selectFrom('votes')
    .select('user_id')
    .where(
      'user_id',
      'in',
      members.map((m) => m.id),
    )
    .limit(1)
    .executeTakeFirst();
  if (already) return { votes: 0, comments: 0 };
  let votes = 0;
  let comments = 0;
  await db.transaction().execute(async (trx) => {
    for (const [i, p] of predictions.entries()) {
      const others = members.filter((m) => m.id !== p.user_id);
      // A deterministic spread: some predictions popular, some contested, some quiet.
      const likes = Math.min(others.length, (i * 7) % 10);
      const dislikes = Math.min(others.length - likes, (i * 3) % 4 === 0 ? 2 : i % 3);
      const voters = others.map((m, k) => others[(k + i) % others.length] ?? m);
      const at = nowIso();
      for (let k = 0; k < likes + dislikes; k++) {
        await trx
          .insertInto('votes')
          .values({
            prediction_id: p.id,
            user_id: (voters[k] as { id: number }).id,
            value: k < likes ? 1 : -1,
            created_at: at,
          })
          .execute();
      }
      const commentCount = i % 4 === 0 ? 2 : i % 3 === 0 ? 1 : 0;
      for (let k = 0; k < commentCount; k++) {
        await trx
          .insertInto('comments')
          .values({
            prediction_id: p.id,
            user_id: (voters[voters.length - 1 - k] as { id: number }).id,
            comment_text: DEMO_COMMENTS[(i + k) % DEMO_COMMENTS.length] as string,
            created_at: new Date(Math.max(Date.parse(p.created_at), now - (k + 1) * 3_600_000)).toISOString(),
          })
          .execute();
      }
      // Also writes the hot score of predictions nobody voted on.
      await applyCounterDeltas(
        trx,
        p.id,
        { likes, dislikes, comments: commentCount },
        { visibleOnly: false },
      );
      votes += likes + dislikes;
      comments += commentCount;
    }
  });
  return { votes, comments };
}
