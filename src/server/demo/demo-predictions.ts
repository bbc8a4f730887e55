import type { Db } from '#server/db/database.ts';
import { AppError } from '#server/errors.ts';
import { createPredictionsService } from '#server/features/predictions/predictions.service.ts';

// The demo community's predictions, published through the real submission path (scored,
// de-duplicated, rollups updated in the same transaction), dated over the last seven weeks so the
// charts and counters have something to show. Never mixed into a database with real members.

interface DemoPrediction {
  text: string;
  categories?: string;
  private?: boolean;
}

/** By member, in the order of DEMO_MEMBERS. */
export const DEMO_PREDICTIONS: Record<string, DemoPrediction[]> = {
  demo_ava: [
    {
      text: 'By 2030, more than half of new software code at large companies will be written with AI assistants.',
      categories: 'Technology',
    },
    { text: 'Solid-state batteries will ship in at least one mass-market car model before the end of 2028.' },
    {
      text: 'Open-weight AI models will match the best closed models on common coding benchmarks by mid-2027.',
      categories: 'Technology',
    },
    {
      text: 'I will run my first marathon under four hours before my 40th birthday in 2027.',
      categories: 'Sports',
      private: true,
    },
    {
      text: 'Smart glasses will sell more than 20 million units worldwide in 2029.',
      categories: 'Technology,Economy',
    },
  ],
  demo_ben: [
    { text: 'The European Central Bank will cut its deposit rate below 2% before the end of 2026.' },
    { text: 'Bitcoin will trade above $150,000 at some point during 2027.', categories: 'Economy' },
    { text: 'Remote-work job postings will settle at around 15% of all listings in the US by 2027.' },
    {
      text: 'Container shipping rates will fall back to 2019 levels within 18 months.',
      categories: 'Economy',
    },
    {
      text: 'At least three G20 central banks will issue a retail digital currency before the end of 2028.',
      categories: 'Economy,Politics',
    },
  ],
  demo_chen: [
    {
      text: 'Solar will be the largest single source of new electricity capacity worldwide every year until 2030.',
      categories: 'Environment',
    },
    { text: 'Heat pumps will outsell gas boilers in the UK for the first time in 2028.' },
    { text: 'Arctic summer sea ice will reach a new record low before 2030.', categories: 'Environment' },
    {
      text: 'Grid-scale battery storage in Europe will triple between 2025 and 2028.',
      categories: 'Environment,Technology',
    },
  ],
  demo_dara: [
    {
      text: 'Voter turnout among 18-24 year olds will exceed 60% in the next German federal election.',
      categories: 'Politics',
    },
    {
      text: 'The EU will admit at least one new member state before the end of 2030.',
      categories: 'Politics',
    },
    {
      text: 'Ranked-choice voting will be used in at least ten more US cities by the 2028 elections.',
      categories: 'Politics,Society',
    },
    {
      text: 'انتخابات ریاست جمهوری بعدی با مشارکت کمتر از پنجاه درصد برگزار خواهد شد.',
      categories: 'Politics',
    },
  ],
  demo_elif: [
    {
      text: 'GLP-1 weight-loss drugs will be prescribed to more than 10% of US adults by 2028.',
      categories: 'Healthcare',
    },
    {
      text: 'A malaria vaccine will be part of routine childhood immunisation in 20 African countries by 2027.',
    },
    {
      text: 'Telemedicine will account for a quarter of all GP appointments in Turkey by 2029.',
      categories: 'Healthcare,Technology',
    },
    {
      text: 'I will finish my nursing degree and work in an intensive care unit by September 2027.',
      categories: 'Healthcare',
      private: true,
    },
  ],
  demo_farid: [
    {
      text: 'تا سال ۲۰۳۰ بیش از نیمی از برق تهران از انرژی خورشیدی و بادی تأمین خواهد شد.',
      categories: 'Environment',
    },
    { text: 'قیمت مسکن در تهران تا پایان سال ۱۴۰۶ دست‌کم سی درصد افزایش خواهد یافت.', categories: 'Economy' },
    {
      text: 'Persian-language podcasts will pass 5,000 active shows on major platforms by 2028.',
      categories: 'Entertainment',
    },
    {
      text: 'Iran’s national football team will qualify for the knockout stage of the 2030 World Cup.',
      categories: 'Sports',
    },
  ],
  demo_gabi: [
    {
      text: 'Women’s football league attendance in Spain will double between 2024 and 2028.',
      categories: 'Sports',
    },
    {
      text: 'A marathon will be run in under 2 hours in an official race before 2030.',
      categories: 'Sports',
    },
    {
      text: 'Esports will be a medal event at the Olympic Games by 2032.',
      categories: 'Sports,Entertainment',
    },
    {
      text: 'O Brasil vai sediar a Copa do Mundo feminina de 2027 com estádios lotados em todas as partidas.',
      categories: 'Sports',
    },
  ],
  demo_hana: [
    {
      text: 'Cinema ticket sales in Japan will be back above 2019 levels by the end of 2026.',
      categories: 'Entertainment',
    },
    {
      text: 'An AI-generated song will reach the top 10 of the Billboard Hot 100 before 2028.',
      categories: 'Entertainment,Technology',
    },
    {
      text: 'Vinyl records will outsell CDs in Japan for the first time in 2027.',
      categories: 'Entertainment',
    },
    {
      text: 'It is important to note that in conclusion, the entertainment landscape will undergo a transformative and multifaceted evolution, fostering innovation across diverse platforms.',
      categories: 'Entertainment',
    },
  ],
  demo_ivan: [
    {
      text: 'A quantum computer will factor a 50-digit number with Shor’s algorithm before 2030.',
      categories: 'Technology',
    },
    { text: 'Satellite internet will serve more than 10 million households worldwide by 2027.' },
    {
      text: 'RISC-V laptops will reach 5% of new laptop sales in China by 2029.',
      categories: 'Technology,Economy',
    },
    {
      text: 'Humanoid robots will work in at least 100 car factories worldwide by 2030.',
      categories: 'Technology',
    },
  ],
  demo_jon: [
    {
      text: 'The four-day work week will be standard for at least 10% of UK employers by 2029.',
      categories: 'Society',
    },
    {
      text: 'Urban cycling trips in Paris will double again between 2025 and 2030.',
      categories: 'Society,Environment',
    },
    { text: 'Public libraries in Scotland will lend more e-books than printed books by 2028.' },
    {
      text: 'Futurecast will reach 10,000 members who publish at least one prediction a month by 2027.',
      categories: 'Futurecast',
    },
  ],
  demo_kemi: [
    {
      text: 'Nigeria’s fintech sector will produce two more billion-dollar startups before the end of 2027.',
      categories: 'Economy,Technology',
    },
    {
      text: 'Lagos will open its second metro rail line to passengers by 2028.',
      categories: 'Society',
    },
    {
      text: 'Afrobeats artists will headline at least three major European festivals in summer 2027.',
      categories: 'Entertainment',
    },
    {
      text: 'Lab-grown meat will be on sale in supermarkets in at least five countries by 2030.',
      categories: 'Other',
    },
  ],
  demo_leila: [
    {
      text: 'The Paris climate target of 1.5 °C will be officially declared missed by the IPCC before 2030.',
      categories: 'Environment,Politics',
    },
    {
      text: 'Coral reef cover on the Great Barrier Reef will fall by 20% between 2025 and 2030.',
      categories: 'Environment',
    },
    {
      text: 'Birth rates in South Korea will rise slightly above 0.8 by 2028 after new family policies.',
      categories: 'Society',
    },
    {
      text: 'Le prix moyen du mètre carré à Paris baissera de 10 % d’ici fin 2027.',
      categories: 'Economy',
    },
  ],
};

const DAY = 86_400_000;

/**
 * Publishes the demo predictions of members that have none yet (idempotent). Dates step back
 * from `now` over about seven weeks, during daytime UTC hours, most recent ones most often.
 */
export async function seedDemoPredictions(
  db: Db,
  members: ReadonlyArray<{ id: number; username: string }>,
  now: number,
): Promise<number> {
  const service = createPredictionsService({ db });
  let published = 0;
  let n = 0;
  for (const member of members) {
    const list = DEMO_PREDICTIONS[member.username] ?? [];
    const existing = await db
      .selectFrom('predictions')
      .select('id')
      .where('user_id', '=', member.id)
      .limit(1)
      .executeTakeFirst();
    n += list.length;
    if (existing) continue;
    for (const [j, item] of list.entries()) {
      const k = n - list.length + j;
      // Spread: 0..48 days back, denser near today, hours between 07:00 and 21:00 UTC.
      const daysBack = Math.floor(((k * 37) % 97) ** 1.25 / 6.5);
      const at = new Date(
        Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), new Date(now).getUTCDate()) -
          daysBack * DAY +
          (7 + ((k * 5) % 14)) * 3_600_000 +
          ((k * 13) % 60) * 60_000,
      );
      const when = at.getTime() > now ? new Date(now - (k + 1) * 60_000) : at;
      try {
        await service.submit(
          member,
          { prediction_text: item.text, categories: item.categories ?? null, visibility: !item.private },
          { at: when, isDemo: true },
        );
        published++;
      } catch (error) {
        // A demo text the engine refuses is a bug in this list, not a reason to stop start-up.
        if (!(error instanceof AppError)) throw error;
      }
    }
  }
  return published;
}
