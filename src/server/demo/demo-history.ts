import type { Db } from '#server/db/database.ts';
import { AppError } from '#server/errors.ts';
import { createPredictionsService } from '#server/features/predictions/predictions.service.ts';

// A year of demo history, so the analytics page's month, quarter and year views have a shape: a
// growing community (sparser a year ago, busier lately), weekday and daytime peaks. Composed from
// per-category subjects and outcomes, published through the real submission path (scored,
// de-duplicated, rollups in the same transaction). Only ever seeded with the demo members.

const SUBJECTS: Record<string, string[]> = {
  Technology: [
    'open-weight AI models',
    'quantum error correction',
    'humanoid robots in warehouses',
    'RISC-V laptops',
    'satellite phone service',
    'AR glasses',
    'autonomous taxis in Europe',
    'passkeys',
  ],
  Economy: [
    'the euro against the dollar',
    'US core inflation',
    'container shipping rates',
    'Japanese wage growth',
    'German industrial output',
    'global remittance costs',
    'the price of copper',
    'Indian GDP growth',
  ],
  Environment: [
    'offshore wind capacity in the North Sea',
    'heat pump sales in the UK',
    'Arctic summer sea ice',
    'global coal demand',
    'grid battery storage in Texas',
    'EU carbon prices',
    'solar panel prices',
    'Amazon deforestation',
  ],
  Politics: [
    'voter turnout in the EU elections',
    'ranked-choice voting in US states',
    'the number of women heads of government',
    'digital ID schemes in Africa',
    'lobbying disclosure rules',
    'the UN Security Council membership',
    'online voting pilots',
    'carbon border taxes',
  ],
  Healthcare: [
    'GLP-1 prescriptions',
    'malaria vaccine coverage',
    'telemedicine visits',
    'antibiotic approvals',
    'gene therapy prices',
    'hospital waiting lists in England',
    'life expectancy in the US',
    'at-home cancer screening',
  ],
  Society: [
    'the four-day work week',
    'cycling to work in Paris',
    'birth rates in South Korea',
    'public library visits',
    'home ownership among under-35s',
    'volunteering rates',
    'remote schooling',
    'language-app learners',
  ],
  Sports: [
    "women's football attendance",
    'esports prize pools',
    'the marathon world record',
    'cricket viewership in the US',
    'Formula 1 race count',
    'padel courts in Europe',
    'Olympic breakdancing',
    'NBA games played in Europe',
  ],
  Entertainment: [
    'cinema ticket sales',
    'vinyl record sales',
    'streaming subscription prices',
    'AI-assisted film production',
    'live concert ticket prices',
    'video game budgets',
    'podcast advertising',
    'Korean dramas on global charts',
  ],
};

const OUTCOMES = [
  (s: string, y: number) => `By the end of ${y}, ${s} will be at least 25% higher than today.`,
  (s: string, y: number) => `${cap(s)} will fall by more than 10% before ${y}.`,
  (s: string, y: number) => `I expect ${s} to reach a record high in ${y}.`,
  (s: string, y: number) => `Within three years of ${y - 3}, ${s} will double.`,
  (s: string, y: number) => `${cap(s)} will stay roughly flat, within 5% of today's level, through ${y}.`,
  (s: string, y: number) => `Before ${y}, ${s} will become the main story in its field across Europe.`,
];

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const DAY = 86_400_000;

/** The deterministic list: [category, text] pairs in a fixed order. */
export function demoHistoryTexts(): Array<{ category: string; text: string }> {
  const items: Array<{ category: string; text: string }> = [];
  const categories = Object.keys(SUBJECTS);
  for (let round = 0; round < 6; round++) {
    for (const [c, category] of categories.entries()) {
      const subjects = SUBJECTS[category] ?? [];
      for (const [s, subject] of subjects.entries()) {
        if ((s + round) % 3 === 0) continue;
        const outcome = OUTCOMES[(round + s + c) % OUTCOMES.length];
        if (outcome) items.push({ category, text: outcome(subject, 2027 + ((round + s) % 5)) });
      }
    }
  }
  return items;
}

/** Publishes the history once (idempotent: skipped when any history prediction exists). */
export async function seedDemoHistory(
  db: Db,
  members: ReadonlyArray<{ id: number; username: string }>,
  now: number,
): Promise<number> {
  if (members.length === 0) return 0;
  const texts = demoHistoryTexts();
  const first = texts[0];
  if (!first) return 0;
  const seeded = await db
    .selectFrom('predictions')
    .select('id')
    .where('prediction_text', '=', first.text)
    .limit(1)
    .executeTakeFirst();
  if (seeded) return 0;
  const service = createPredictionsService({ db });
  const today = Date.UTC(
    new Date(now).getUTCFullYear(),
    new Date(now).getUTCMonth(),
    new Date(now).getUTCDate(),
  );
  let published = 0;
  for (const [k, item] of texts.entries()) {
    // Older items are sparser: u in (0,1] squared pushes most of them towards the recent months.
    const u = ((k * 7919) % texts.length) / texts.length;
    let day = today - Math.floor((1 - Math.sqrt(u)) * 364) * DAY - 7 * DAY;
    const weekday = new Date(day).getUTCDay();
    if ((weekday === 0 || weekday === 6) && k % 3 !== 0) day -= 2 * DAY;
    const at = new Date(day + (8 + ((k * 5) % 12)) * 3_600_000 + ((k * 17) % 60) * 60_000);
    const member = members[(k * 5) % members.length];
    if (!member || at.getTime() >= now) continue;
    try {
      await service.submit(
        member,
        { prediction_text: item.text, categories: item.category, visibility: k % 7 !== 0 },
        { at, isDemo: true },
      );
      published++;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  }
  return published;
}
