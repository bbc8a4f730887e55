import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen. On PostgreSQL a like/dislike toggle is one statement: this function changes the vote
// row and the prediction's counters in the statement's own transaction, so a toggle costs one
// round trip instead of seven (BEGIN, lock, insert/delete/switch, counters, COMMIT). The app passes
// the counter deltas of each outcome and the hot-score constants, so the formula's numbers stay in
// the app (docs/decisions/012-scale-out-failures.md). SQLite runs the same steps in process.
//
// Raises P0002 (no_data_found) when the prediction is not public and unflagged, which rolls the
// vote back; a missing prediction fails the insert on its foreign key (23503); 40001 when the vote
// row vanished under the lock.

export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`
    create or replace function futurecast_toggle_vote(
      p_prediction integer,
      p_user integer,
      p_value integer,
      p_at timestamptz,
      -- counter deltas (likes, dislikes, engagement) when the vote is added, removed or switched
      p_added integer[],
      p_removed integer[],
      p_switched integer[],
      p_hot_epoch_seconds double precision,
      p_hot_decay_seconds double precision
    ) returns table (outcome text, likes integer, dislikes integer, comments integer)
    language plpgsql as $fn$
    declare
      v_outcome text;
      v_delta integer[];
    begin
      -- One member's parallel clicks on one prediction queue up instead of racing each other.
      perform pg_advisory_xact_lock(p_prediction, p_user);
      insert into votes (prediction_id, user_id, value, created_at)
        values (p_prediction, p_user, p_value, p_at)
        on conflict (prediction_id, user_id) do nothing;
      if found then
        v_outcome := 'added';
        v_delta := p_added;
      else
        delete from votes where prediction_id = p_prediction and user_id = p_user and value = p_value;
        if found then
          v_outcome := 'removed';
          v_delta := p_removed;
        else
          update votes set value = p_value, created_at = p_at
            where prediction_id = p_prediction and user_id = p_user and value = -p_value;
          if not found then
            -- The row went away under the lock (its member or prediction was deleted): try again.
            raise exception 'vote changed concurrently' using errcode = '40001';
          end if;
          v_outcome := 'switched';
          v_delta := p_switched;
        end if;
      end if;
      return query
        update predictions p set
          likes_count = p.likes_count + v_delta[1],
          dislikes_count = p.dislikes_count + v_delta[2],
          engagement_score = p.engagement_score + v_delta[3],
          hot_score = (case
              when p.engagement_score + v_delta[3] > 1 then log10(cast(p.engagement_score + v_delta[3] as double precision))
              when p.engagement_score + v_delta[3] < -1 then -log10(cast(-(p.engagement_score + v_delta[3]) as double precision))
              else 0 end)
            + (extract(epoch from p.created_at) - p_hot_epoch_seconds) / p_hot_decay_seconds
        where p.id = p_prediction and p.is_public = 1 and p.is_flagged = 0
        returning v_outcome, p.likes_count, p.dislikes_count, p.comments_count;
      if not found then
        raise exception 'prediction % is not visible', p_prediction using errcode = 'P0002';
      end if;
    end
    $fn$
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`drop function if exists futurecast_toggle_vote(integer, integer, integer, timestamptz, integer[], integer[], integer[], double precision, double precision)`.execute(
    db,
  );
}
