import SQLite from 'better-sqlite3';
import Fastify from 'fastify';
import { HOT_DECAY_HOURS, HOT_EPOCH_MS } from '#server/features/community/hot-score.ts';
import { verifyHs256 } from '#server/plugins/jwt-hs256.ts';

// A reference, not the product: the least a like/dislike toggle can cost on this machine. Bare
// Fastify (no hooks, no validation, no rate limit, no metrics), the same bearer check (HMAC and the
// live-session row) and the same toggle statements as the app, all run synchronously on
// better-sqlite3 with prepared statements: what is left is HTTP, the token and the database work.
// `npm run bench` holds the app's toggle against it (docs/decisions/011-write-path-budgets.md).
// The statements mirror community.repository.ts (insert / delete / switch the vote row, then the
// counters and hot score of a visible prediction) and sessions.repository.ts.

const db = new SQLite(process.env.DATABASE_URL as string);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');
db.pragma('foreign_keys = ON');
db.pragma('busy_timeout = 5000');
db.pragma('cache_size = -65536');
// The app checkpoints from a worker thread; this keeps checkpoints out of the requests here too.
db.pragma('wal_autocheckpoint = 16000');
const key = new TextEncoder().encode(process.env.SESSION_SECRET as string);

const session = db.prepare<[string, string], { userId: number }>(
  `select users.id as userId from sessions join users on users.id = sessions.user_id
   where sessions.id = ? and sessions.revoked_at is null and sessions.expires_at > ?`,
);
const insertVote = db.prepare(
  `insert into votes (prediction_id, user_id, value, created_at) values (?, ?, ?, ?)
   on conflict (prediction_id, user_id) do nothing`,
);
const deleteVote = db.prepare('delete from votes where prediction_id = ? and user_id = ? and value = ?');
const switchVote = db.prepare(
  'update votes set value = ?, created_at = ? where prediction_id = ? and user_id = ? and value = ?',
);
const counters = db.prepare<
  [{ l: number; d: number; e: number; id: number }],
  { likes_count: number; dislikes_count: number }
>(
  `update predictions set likes_count = likes_count + @l, dislikes_count = dislikes_count + @d,
     engagement_score = engagement_score + @e,
     hot_score = case when engagement_score + @e > 1 then log10(engagement_score + @e)
                      when engagement_score + @e < -1 then -log10(-(engagement_score + @e)) else 0 end
       + (unixepoch(created_at, 'subsec') - ${HOT_EPOCH_MS / 1000}) / ${HOT_DECAY_HOURS * 3600}.0
   where id = @id and is_public = 1 and is_flagged = 0
   returning likes_count, dislikes_count`,
);

const toggle = db.transaction((predictionId: number, userId: number, value: 1 | -1) => {
  const now = new Date().toISOString();
  let own = 1;
  let other = 0;
  if (insertVote.run(predictionId, userId, value, now).changes === 0) {
    if (deleteVote.run(predictionId, userId, value).changes > 0) own = -1;
    else if (switchVote.run(value, now, predictionId, userId, -value).changes > 0) other = -1;
  }
  const likes = value === 1 ? own : other;
  const dislikes = value === 1 ? other : own;
  const row = counters.get({ l: likes, d: dislikes, e: likes - dislikes, id: predictionId });
  return { row, action: own === -1 ? '' : value === 1 ? 'liked' : 'disliked' };
});

const BEARER = /^Bearer\s+([A-Za-z0-9._~+/=-]{1,4096})\s*$/i;
const app = Fastify({ logger: false });
app.post<{ Params: { id: string; kind: string } }>('/api/predictions/:id/:kind', (request, reply) => {
  const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
  const claims = token ? verifyHs256(token, key) : null;
  const member =
    typeof claims?.sid === 'string' ? session.get(claims.sid, new Date().toISOString()) : undefined;
  if (!member) return reply.code(401).send({ code: 'UNAUTHORIZED' });
  const { row, action } = toggle(
    Number(request.params.id),
    member.userId,
    request.params.kind === 'like' ? 1 : -1,
  );
  if (!row) return reply.code(404).send({ code: 'NOT_FOUND' });
  return reply.send({
    success: true,
    likes_count: row.likes_count,
    dislikes_count: row.dislikes_count,
    user_action: action,
  });
});
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
process.stdout.write(`listening ${(app.server.address() as { port: number }).port}\n`);
