import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '#server/db/database.ts';
import { dialectOf } from '#server/db/dialect.ts';
import {
  CANDIDATE_COLUMNS,
  type HotCandidate,
  toCandidate,
} from '#server/features/community/community.repository.ts';
import { type ListFilters, listedWhere } from './explore.repository.ts';
import { CJK, charLength, type SearchQuery } from './search-query.ts';

// Search (docs/decisions/014-explore.md), one function for both databases. Results come in tiers:
// predictions holding the whole phrase, then those holding every word but not the phrase; newest
// (highest id) first within a tier. Each tier is walked downwards through the ids in windows that
// double in size, so a request stops after a bounded amount of work (a page is full, or the time
// budget is spent) and its position (tier, id) is the next cursor. Only listed predictions are
// ever returned.
//
// - SQLite: the FTS5 trigram index (migration 032) finds substrings of 3+ characters, ordered by
//   rowid, so it drives the join newest first; words of 1-2 characters (a 2-character Chinese
//   word) are checked on the rows with instr(), and a query made only of them scans the window.
// - PostgreSQL: the posting table prediction_terms (term, prediction_id) is a B-tree, so the
//   postings of a term come newest first: a page reads about `limit` postings of its rarest term
//   and probes the others by primary key. A GIN index hands back every match unordered (measured:
//   a common word 571 ms, and the planner, without statistics on a partial expression index,
//   chose a 6-second filter scan for a rare one). CJK runs are indexed as their 1- and
//   2-character pieces, so Chinese words are found without spaces.

interface SearchPosition {
  /** 0: the phrase; 1: every word but not the phrase. */
  tier: number;
  /** Ids below this one are still to be read in this tier. */
  below: number;
}

export interface SearchBudget {
  /** Ids in the first window; each next one is twice as wide. */
  firstWindow: number;
  /** Windows read per request at most. */
  maxWindows: number;
  /** Time per request after which no new window is started. */
  ms: number;
}

const DEFAULT_SEARCH_BUDGET: SearchBudget = { firstWindow: 4096, maxWindows: 24, ms: 25 };

interface SearchRequest {
  query: SearchQuery;
  filters: ListFilters;
  /** The highest id the walk reads (fixed at its first page). */
  maxId: number;
  from: SearchPosition | null;
  limit: number;
  budget?: SearchBudget;
}

export interface SearchPage {
  /** The page's predictions, in rank order, read with what their cards show. */
  found: HotCandidate[];
  next: SearchPosition | null;
}

/** Reads up to `n` matching predictions of one tier in [lo, hi), highest id first. */
type TierReader = (lo: number, hi: number, n: number) => Promise<HotCandidate[]>;

const contains = (word: string) => sql<SqlBool>`instr(lower(p.prediction_text), ${word}) > 0`;
const strpos = (word: string) => sql<SqlBool>`strpos(lower(p.prediction_text), ${word}) > 0`;
const all = (parts: RawBuilder<unknown>[]) => sql<SqlBool>`${sql.join(parts, sql` and `)}`;

/** An FTS5 string: the trigram tokenizer matches it as a substring. */
const ftsString = (s: string) => `"${s.replaceAll('"', '""')}"`;

/** Scans the window's listed rows by primary key, checking each with `where`. */
function scanReader(db: Db, filters: ListFilters, where: RawBuilder<SqlBool>): TierReader {
  return async (lo, hi, n) => {
    const rows = await db
      .selectFrom('predictions as p')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .select(CANDIDATE_COLUMNS)
      .where('p.id', '<', hi)
      .where('p.id', '>=', lo)
      .where(listedWhere(filters))
      .where(where)
      .orderBy('p.id', 'desc')
      .limit(n)
      .execute();
    return rows.map(toCandidate);
  };
}

function sqliteTiers(db: Db, q: SearchQuery, filters: ListFilters): TierReader[] {
  const fts = db.withTables<{ predictions_fts: { rowid: number; predictions_fts: string } }>();
  const ftsReader =
    (match: string, extra: RawBuilder<SqlBool>[]): TierReader =>
    async (lo, hi, n) => {
      // CROSS JOIN keeps the FTS table outermost: it yields rowids newest first within the window.
      const rows = await fts
        .selectFrom('predictions_fts as f')
        .crossJoin('predictions as p')
        .innerJoin('users as u', 'u.id', 'p.user_id')
        .select(CANDIDATE_COLUMNS)
        .where(sql<SqlBool>`f.predictions_fts match ${match}`)
        .where('f.rowid', '<', hi)
        .where('f.rowid', '>=', lo)
        .whereRef('p.id', '=', 'f.rowid')
        .where(listedWhere(filters))
        .where(all([sql`1 = 1`, ...extra]))
        .orderBy('f.rowid', 'desc')
        .limit(n)
        .execute();
      return rows.map(toCandidate);
    };
  const long = q.words.filter((w) => charLength(w) >= 3);
  const short = q.words.filter((w) => charLength(w) < 3);
  const phraseTier =
    charLength(q.phrase) >= 3
      ? ftsReader(ftsString(q.phrase), [])
      : scanReader(db, filters, contains(q.phrase));
  if (q.words.length < 2) return [phraseTier];
  // The same test as the phrase tier, negated, so no prediction is in both tiers.
  const notPhrase = sql<SqlBool>`not exists (select 1 from predictions_fts g
    where g.predictions_fts match ${ftsString(q.phrase)} and g.rowid = p.id)`;
  const wordsTier =
    long.length > 0
      ? ftsReader(long.map(ftsString).join(' '), [...short.map(contains), notPhrase])
      : scanReader(db, filters, all([...short.map(contains), notPhrase]));
  return [phraseTier, wordsTier];
}

/** Each word's terms, as futurecast_search_terms gives them; kept per process (they never change). */
const wordTerms = new Map<string, string[]>();
const WORD_TERMS_MAX = 10_000;

/** The words' terms through the function that indexed the texts: one round trip for the new ones. */
async function termsOfWords(db: Db, words: readonly string[]): Promise<Map<string, string[]>> {
  const missing = words.filter((w) => !wordTerms.has(w));
  if (missing.length > 0) {
    const { rows } = await sql<{ word: string; term: string | null }>`
      select w as word, t as term
      from unnest(${missing}::text[]) as w left join lateral futurecast_search_terms(w) as t on true`.execute(
      db,
    );
    if (wordTerms.size + missing.length > WORD_TERMS_MAX) wordTerms.clear();
    for (const w of missing) wordTerms.set(w, []);
    for (const r of rows) if (r.term !== null) wordTerms.get(r.word)?.push(r.term);
  }
  return new Map(words.map((w) => [w, wordTerms.get(w) ?? []]));
}

async function postgresTiers(db: Db, q: SearchQuery, filters: ListFilters): Promise<TierReader[]> {
  const termsOf = await termsOfWords(db, q.words);
  const terms = new Set<string>();
  for (const word of q.words) {
    const own = termsOf.get(word) ?? [];
    // A CJK word's two-character pieces imply its one-character ones.
    const pairs = own.some((t) => CJK.test(t) && charLength(t) === 2);
    for (const t of own) if (!(pairs && CJK.test(t) && charLength(t) === 1)) terms.add(t);
  }
  // Pieces of a CJK word need not be adjacent: the word itself must be there. So must a word
  // that yields no term at all (symbols).
  const substrings = q.words.filter((w) => CJK.test(w) || (termsOf.get(w) ?? []).length === 0);
  const phrase = strpos(q.phrase);
  const notPhrase = sql<SqlBool>`strpos(lower(p.prediction_text), ${q.phrase}) = 0`;
  const tierWhere = (extra: RawBuilder<SqlBool>[]) => [...substrings.map(strpos), ...extra];
  const reader = (extra: RawBuilder<SqlBool>[]): TierReader => {
    const [driver, ...others] = [...terms];
    if (driver === undefined) return scanReader(db, filters, all(tierWhere(extra)));
    const pt = db.withTables<{ prediction_terms: { term: string; prediction_id: number } }>();
    return async (lo, hi, n) => {
      // Every term's range is spelled out, so whichever term the planner drives from is read
      // only inside the window.
      const found = await pt
        .selectFrom('prediction_terms as t0')
        .innerJoin('predictions as p', 'p.id', 't0.prediction_id')
        .innerJoin('users as u', 'u.id', 'p.user_id')
        .select(CANDIDATE_COLUMNS)
        .where('t0.term', '=', driver)
        .where('t0.prediction_id', '<', hi)
        .where('t0.prediction_id', '>=', lo)
        .where((eb) =>
          eb.and(
            others.map((term) =>
              eb.exists(
                eb
                  .selectFrom('prediction_terms as t')
                  .select(sql.lit(1).as('one'))
                  .where('t.term', '=', term)
                  .whereRef('t.prediction_id', '=', 't0.prediction_id')
                  .where('t.prediction_id', '<', hi)
                  .where('t.prediction_id', '>=', lo),
              ),
            ),
          ),
        )
        .where(listedWhere(filters))
        .where(all([sql`true`, ...tierWhere(extra)]))
        .orderBy('t0.prediction_id', 'desc')
        .limit(n)
        .execute();
      return found.map(toCandidate);
    };
  };
  if (q.words.length < 2) return [reader([])];
  return [reader([phrase]), reader([notPhrase])];
}

/**
 * One page of search results: ids in rank order and the position after them (null once every tier
 * has been read to the bottom).
 */
export async function searchPredictions(db: Db, r: SearchRequest): Promise<SearchPage> {
  const budget = r.budget ?? DEFAULT_SEARCH_BUDGET;
  const tiers =
    dialectOf(db) === 'postgres'
      ? await postgresTiers(db, r.query, r.filters)
      : sqliteTiers(db, r.query, r.filters);
  const want = r.limit + 1;
  const found: { row: HotCandidate; tier: number }[] = [];
  let { tier, below } = r.from ?? { tier: 0, below: r.maxId + 1 };
  let window = budget.firstWindow;
  let windows = 0;
  const started = performance.now();
  while (tier < tiers.length && found.length < want) {
    if (below <= 1) {
      tier++;
      below = r.maxId + 1;
      window = budget.firstWindow;
      continue;
    }
    if (windows >= budget.maxWindows || (windows > 0 && performance.now() - started > budget.ms)) break;
    const read = tiers[tier] as TierReader;
    const lo = Math.max(1, below - window);
    const rows = await read(lo, below, want - found.length);
    windows++;
    for (const row of rows) found.push({ row, tier });
    if (found.length < want) {
      below = lo;
      window *= 2;
    }
  }
  const page = found.slice(0, r.limit);
  const last = page.at(-1);
  let next: SearchPosition | null;
  if (found.length > r.limit && last) next = { tier: last.tier, below: last.row.id };
  else if (tier >= tiers.length) next = null;
  else next = { tier, below };
  return { found: page.map((f) => f.row), next };
}
