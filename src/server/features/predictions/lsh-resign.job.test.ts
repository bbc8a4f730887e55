import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submit } from '#server/test/predictions.ts';
import { SIGNATURE_VERSION, signature } from '#server/scoring/near-duplicate.ts';
import { buildTestApp, type TestApp, testDialects } from '#server/test/helpers.ts';
import { createScheduler } from '#server/jobs/scheduler.ts';
import { LSH_RESIGN_JOB, lshResignJob, resignBands } from './lsh-resign.job.ts';
import { createMember } from '#server/test/members.ts';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };

describe.each(testDialects)('re-signing near-duplicate bands on %s', (dialect) => {
  let t: TestApp;
  const texts = [
    'Norway will sell its last new petrol car in March 2027.',
    'Global coffee prices will double between now and the end of 2028.',
    'A crewed mission will land on the Moon before the end of 2028.',
  ];
  const ids: number[] = [];

  beforeAll(async () => {
    t = await buildTestApp({ dialect });
    for (const text of texts) {
      const res = await submit(t, await createMember(t), { prediction_text: text });
      expect(res.statusCode).toBe(201);
      ids.push(res.json().prediction.id);
    }
  });
  afterAll(() => t.close());

  const bandsOf = async (id: number) =>
    (
      await t.database.db
        .selectFrom('prediction_lsh')
        .select('band_key')
        .where('prediction_id', '=', id)
        .execute()
    )
      .map((r) => r.band_key)
      .sort();
  const expected = (text: string) => [...new Set(signature(text).bands)].sort();
  // What an older signature version left behind: keys no new text can meet.
  const staleAll = () =>
    t.database.db
      .updateTable('prediction_lsh')
      .set({ band_key: sql<string>`${'old:'} || band_key` })
      .execute();

  it('re-signs every prediction after a signature change, so copies of old ones are caught again', async () => {
    await staleAll();
    const copier = await createMember(t);
    // With stale keys the copy slips through the index…
    const slipped = await submit(t, copier, { prediction_text: `${texts[0]} ` });
    expect(slipped.statusCode).toBe(201);
    await t.database.db.deleteFrom('predictions').where('id', '=', slipped.json().prediction.id).execute();

    const scheduler = createScheduler({ db: t.database.db, log: quiet });
    scheduler.add(lshResignJob(t.database.db));
    expect(await scheduler.runOnce(LSH_RESIGN_JOB)).toBe('ran');
    for (const [i, id] of ids.entries()) expect(await bandsOf(id)).toEqual(expected(texts[i] ?? ''));
    // …and is refused once the stored keys are current.
    const caught = await submit(t, copier, { prediction_text: `${texts[0]} ` });
    expect(caught.statusCode).toBe(409);
    // Done for this version: the next tick does nothing.
    expect(await scheduler.runOnce(LSH_RESIGN_JOB)).toBe('fresh');
    await scheduler.stop();
  });

  it('resumes after the last prediction an interrupted pass finished', async () => {
    await staleAll();
    const first = ids[0] ?? 0;
    const next = await resignBands(t.database.db, {
      version: SIGNATURE_VERSION,
      lastId: first,
      done: false,
      at: new Date().toISOString(),
    });
    expect(next).toMatchObject({ version: SIGNATURE_VERSION, done: true });
    expect((await bandsOf(first)).every((b) => b.startsWith('old:'))).toBe(true);
    expect(await bandsOf(ids[1] ?? 0)).toEqual(expected(texts[1] ?? ''));
  });
});
