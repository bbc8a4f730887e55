import type { Db } from '#server/db/database.ts';
import { seedDemoEngagement } from './demo-engagement.ts';
import { seedDemoHistory } from './demo-history.ts';
import { seedDemoPredictions } from './demo-predictions.ts';
import { seedDemoResolutions } from './demo-resolutions.ts';
import { seedDemoNews } from './news.ts';

/**
 * The demo community: clearly labelled (is_demo = 1, '.invalid' emails, usernames starting
 * 'demo_'), without passwords so nobody can sign in as them. Later features add their part.
 */
const DEMO_MEMBERS = [
  'demo_ava',
  'demo_ben',
  'demo_chen',
  'demo_dara',
  'demo_elif',
  'demo_farid',
  'demo_gabi',
  'demo_hana',
  'demo_ivan',
  'demo_jon',
  'demo_kemi',
  'demo_leila',
] as const;

export interface SeedSummary {
  members: number;
  predictions: number;
  /** The year of templated history behind the analytics charts. */
  history?: number;
  votes?: number;
  comments?: number;
  newsStories?: number;
  /** Demo forecasts resolved by their authors, and ones left due. */
  resolved?: number;
  due?: number;
}

const DAY = 86_400_000;

export async function seedDemo(db: Db, now = Date.now()): Promise<SeedSummary> {
  const { members } = await seedDemoMembers(db, now);
  // Each prediction is its own transaction (the submission path opens one), so after the members.
  const demoMembers = await db
    .selectFrom('users')
    .select(['id', 'username'])
    .where('is_demo', '=', 1)
    .orderBy('id')
    .execute();
  const predictions = await seedDemoPredictions(db, demoMembers, now);
  const history = await seedDemoHistory(db, demoMembers, now);
  const engagement = await seedDemoEngagement(db, now);
  const newsStories = await seedDemoNews(db, now);
  const resolutions = await seedDemoResolutions(db, demoMembers, now);
  return { members, predictions, history, ...engagement, newsStories, ...resolutions };
}

async function seedDemoMembers(db: Db, now: number): Promise<{ members: number }> {
  return db.transaction().execute(async (trx) => {
    let members = 0;
    for (const [i, username] of DEMO_MEMBERS.entries()) {
      const exists = await trx
        .selectFrom('users')
        .select('id')
        .where('username_key', '=', username.toLowerCase())
        .executeTakeFirst();
      if (exists) continue;
      const joined = new Date(now - (200 - i * 13) * DAY).toISOString();
      await trx
        .insertInto('users')
        .values({
          email: `${username}@demo.futurecast.invalid`,
          username,
          username_key: username.toLowerCase(),
          password_hash: null,
          email_verified_at: joined,
          is_demo: 1,
          created_at: joined,
        })
        .execute();
      members++;
    }
    return { members };
  });
}

/** DEMO_DATA: seed only a database that has no members at all, never mix into real data. */
export async function seedDemoIfEmpty(db: Db): Promise<SeedSummary | null> {
  const row = await db.selectFrom('users').select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  if (Number(row.n) > 0) return null;
  return seedDemo(db);
}
