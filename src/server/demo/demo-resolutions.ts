import type { Db } from '#server/db/database.ts';
import { AppError } from '#server/errors.ts';
import { createPredictionsService } from '#server/features/predictions/predictions.service.ts';
import { createResolutionService } from '#server/features/resolution/resolution.service.ts';

// Resolved history for the demo community (issue 26), so a newcomer sees living track records, a
// leaderboard and a community calibration chart. Short-horizon forecasts made 3 to 11 months ago,
// each with a confidence and a resolve-by date already past, published through the real submission
// path and resolved by their authors through the real resolution path. Each demo member has a
// forecasting temperament (well calibrated, overconfident, timid), so the leaderboard has an order
// that means something. A few stay unresolved: the dashboard's 'Due for resolution' list.

const SUBJECTS = [
  'Brent crude',
  'the Nikkei 225',
  'Bitcoin',
  'the yen',
  'gold',
  'wheat futures',
  'the FTSE 100',
  'the Swiss franc',
  'copper',
  'US ten-year yields',
  'lithium carbonate',
  'the Korean won',
  'natural gas in Europe',
  'the DAX',
  'cocoa',
  'the Indian rupee',
  'coffee futures',
  'silver',
  'the Brazilian real',
  'iron ore',
];

const FRAMES: Array<(s: string, n: number) => string> = [
  (s, n) => `${s} will end the quarter at least ${2 + (n % 7)}% above where it starts it.`,
  (s, n) => `Over the next three months ${s} will not move more than ${3 + (n % 5)}% either way.`,
  (s, n) => `${s} will set a new twelve-month low within ${8 + (n % 5)} weeks.`,
  (s, n) => `By the next central bank meeting, ${s} will have risen for ${3 + (n % 4)} weeks in a row.`,
  (s, n) => `Within ${10 + (n % 6)} weeks, ${s} will trade ${5 + (n % 9)}% lower than today.`,
  (s, n) =>
    `Analysts underestimate ${s}: it beats the consensus forecast for this season by ${n % 4 || 2} points.`,
  (s) => `Expect a sharp rebound in ${s} before summer, driven by short sellers covering their bets.`,
  (s, n) =>
    `My call on ${s}: monthly volatility doubles after the next inflation print, then calms in ${n % 3 || 2} weeks.`,
];

/** How each member's confidence turns out: P(true) = confidence − bias. */
const TEMPERAMENT = [0, 0.15, -0.05, 0.25, 0.05, -0.1, 0.1, 0.02, 0.3, -0.02, 0.08, 0.18];

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const DAY = 86_400_000;
/** Per member: resolved forecasts, and ones left due. */
const RESOLVED_EACH = 12;
const DUE_EACH = 1;

/** A deterministic 0..1 from an integer (no state: the same list on every seed). */
const unit = (k: number) => {
  let x = Math.imul(k ^ 0x9e3779b9, 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  return ((x ^ (x >>> 16)) >>> 0) / 4294967296;
};

function demoForecastText(k: number): string {
  const subject = SUBJECTS[k % SUBJECTS.length] as string;
  const frame = FRAMES[Math.floor(k / SUBJECTS.length) % FRAMES.length] as (s: string, n: number) => string;
  return cap(frame(subject, k));
}

/** Publishes and resolves the demo forecasts once (skipped when the first one exists). */
export async function seedDemoResolutions(
  db: Db,
  members: ReadonlyArray<{ id: number; username: string }>,
  now: number,
): Promise<{ resolved: number; due: number }> {
  if (members.length === 0) return { resolved: 0, due: 0 };
  const first = await db
    .selectFrom('predictions')
    .select('id')
    .where('prediction_text', '=', demoForecastText(0))
    .limit(1)
    .executeTakeFirst();
  if (first) return { resolved: 0, due: 0 };
  const predictions = createPredictionsService({ db });
  let resolved = 0;
  let due = 0;
  let k = 0;
  for (const [m, member] of members.entries()) {
    const bias = TEMPERAMENT[m % TEMPERAMENT.length] ?? 0;
    for (let j = 0; j < RESOLVED_EACH + DUE_EACH; j++, k++) {
      const made = now - (90 + Math.floor(unit(k) * 240)) * DAY - (9 + (k % 10)) * 3_600_000;
      const horizon = 30 + Math.floor(unit(k + 7_777) * 60);
      const leaveDue = j >= RESOLVED_EACH;
      // Those left due fell due in the last few weeks; the others well before today.
      const target = leaveDue ? now - (2 + (k % 20)) * DAY : Math.min(made + horizon * DAY, now - 3 * DAY);
      const confidence = 55 + 5 * Math.floor(unit(k + 31_337) * 9);
      let id: number;
      try {
        const { prediction } = await predictions.submit(
          member,
          {
            prediction_text: demoForecastText(k),
            categories: 'Economy',
            // Every second member keeps a few forecasts private: they count in their own record only.
            visibility: !(m % 2 === 1 && j % 5 === 0),
            resolve_by: new Date(target).toISOString().slice(0, 10),
            confidence,
          },
          { at: new Date(made), isDemo: true },
        );
        id = prediction.id;
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        continue;
      }
      if (leaveDue) {
        due++;
        continue;
      }
      const probability = Math.min(0.98, Math.max(0.02, confidence / 100 - bias));
      const outcome = k % 17 === 5 ? 'ambiguous' : unit(k + 99_991) < probability ? 'yes' : 'no';
      const resolution = createResolutionService({ db, secret: 'demo', now: () => new Date(target + DAY) });
      await resolution.resolve(member, id, {
        outcome,
        note: outcome === 'ambiguous' ? 'The data source changed its method mid-quarter.' : null,
      });
      resolved++;
    }
  }
  return { resolved, due };
}
