import { CATEGORIES } from '#shared/rules/categories.ts';
import { AppError } from '#server/errors.ts';
import type { Db } from '#server/db/database.ts';
import { createPredictionsService } from '#server/features/predictions/predictions.service.ts';
import { seededRandom } from '#server/test/seeded-random.ts';

// Random predictions for the analytics tests, written through the real submission path (scored,
// stored and counted in the rollups in one transaction).

const SUBJECTS = [
  'solar panel installations',
  'electric bus fleets',
  'the price of lithium',
  'remote work adoption',
  'streaming subscriptions',
  'esports viewership',
  'hospital waiting lists',
  'voter turnout among students',
  'offshore wind capacity',
  'housing prices in Lisbon',
  'gene therapy approvals',
  'public library visits',
  'cinema ticket sales',
  'heat pump sales in Germany',
  'central bank interest rates',
  'marathon world records',
];
const VERBS = ['will double', 'will fall by 30%', 'will grow by 15% a year', 'will triple', 'will halve'];
const PLACES = ['in Europe', 'in Japan', 'in Brazil', 'in Canada', 'worldwide', 'in India', 'in Kenya'];

export async function createUsers(
  db: Db,
  count: number,
  prefix = 'an',
): Promise<{ id: number; username: string }[]> {
  const users: { id: number; username: string }[] = [];
  for (let i = 0; i < count; i++) {
    const username = `${prefix}_${i}_${Math.floor(Math.random() * 1e6)}`;
    const row = await db
      .insertInto('users')
      .values({
        email: `${username}@example.test`,
        username,
        username_key: username.toLowerCase(),
        password_hash: null,
        google_sub: null,
        email_verified_at: '2024-01-01T00:00:00.000Z',
        is_demo: 0,
        created_at: '2024-01-01T00:00:00.000Z',
      })
      .returning(['id', 'username'])
      .executeTakeFirstOrThrow();
    users.push(row);
  }
  return users;
}

/**
 * `count` predictions by random members at random times up to `spanDays` before `now`, with 0–3
 * random categories and random visibility. Texts the engine refuses or finds duplicate are skipped.
 */
export async function publishRandom(
  db: Db,
  users: readonly { id: number; username: string }[],
  options: { count: number; now: number; spanDays: number; seed: number },
): Promise<number> {
  const rnd = seededRandom(options.seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)] as T;
  const service = createPredictionsService({ db, now: () => new Date(options.now) });
  let published = 0;
  for (let i = 0; i < options.count; i++) {
    const at = new Date(options.now - Math.floor(rnd() * options.spanDays * 86_400_000));
    const chosen = [...new Set(Array.from({ length: Math.floor(rnd() * 4) }, () => pick(CATEGORIES)))];
    const year = 2027 + Math.floor(rnd() * 20);
    const text = `By ${year}, ${pick(SUBJECTS)} ${pick(VERBS)} ${pick(PLACES)}${rnd() < 0.5 ? ', driven by falling costs and new policy' : ''}. Ref ${options.seed}-${i}.`;
    try {
      await service.submit(
        pick(users),
        {
          prediction_text: text,
          categories: chosen.length ? chosen.join(',') : null,
          visibility: rnd() < 0.8,
        },
        { at },
      );
      published++;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  }
  return published;
}
