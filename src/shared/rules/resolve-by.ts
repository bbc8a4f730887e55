// Resolve-by dates (issue 26): the limits every form and the server apply, and the date proposed
// from a prediction's own words ('by 2027' → 2027-12-31, 'within 18 months', 'next season').
// Pure, no dependencies: the submit form proposes a date as the member types, the server stores
// the same proposal when none is sent. docs/decisions/015-resolution.md says why this is a small
// hand parser rather than chrono-node.

export const RESOLVE_BY_LATEST = '2100-12-31';
export const CONFIDENCE_RANGE = { min: 50, max: 99 } as const;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 'YYYY-MM-DD' of a UTC day. */
export const isoDay = (d: Date): string => d.toISOString().slice(0, 10);

/** True for a real calendar day written YYYY-MM-DD (2027-02-30 is not one). */
export function isCalendarDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

const endOfMonth = (y: number, m: number) => isoDay(new Date(Date.UTC(y, m, 0)));
const endOfYear = (y: number) => `${y}-12-31`;
function addMonths(today: Date, months: number): string {
  const d = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + months, today.getUTCDate()));
  return isoDay(d);
}
const addDays = (today: Date, days: number) => isoDay(new Date(today.getTime() + days * 86_400_000));

const NUMBER_WORDS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fifteen: 15,
  eighteen: 18,
  twenty: 20,
  thirty: 30,
  fifty: 50,
  // fr, de, es, it, pt, ru: the small numbers people write in words.
  un: 1,
  une: 1,
  deux: 2,
  trois: 3,
  cinq: 5,
  dix: 10,
  ein: 1,
  einem: 1,
  einer: 1,
  zwei: 2,
  drei: 3,
  fünf: 5,
  zehn: 10,
  uno: 1,
  dos: 2,
  tres: 3,
  cinco: 5,
  diez: 10,
  due: 2,
  tre: 3,
  dieci: 10,
  um: 1,
  dois: 2,
  três: 3,
  dez: 10,
};

// Units in the languages the parser reads, as months (days for days and weeks).
const UNIT_MONTHS: Array<[RegExp, number]> = [
  [/^(?:decades?|décennies?|jahrzehnten?|décadas?|decenni?o?|десятилети[еяй])$/u, 120],
  [/^(?:years?|yrs?|ans?|années?|jahren?|años?|anni|anno|anos?|лет|года?|年)$/u, 12],
  [/^(?:months?|mois|monaten?|monate|meses|mes|mesi|mese|месяц(?:а|ев)?|个月|個月)$/u, 1],
  [/^(?:quarters?)$/u, 3],
];
const UNIT_DAYS: Array<[RegExp, number]> = [
  [/^(?:weeks?|semaines?|wochen?|semanas?|settimane?|недел[иья]|周|週)$/u, 7],
  [/^(?:days?|jours?|tagen?|días?|giorni|dias?|дн(?:я|ей)|день|天)$/u, 1],
];

function relative(today: Date, count: number, unit: string): string | null {
  const u = unit.toLowerCase();
  for (const [re, months] of UNIT_MONTHS) if (re.test(u)) return addMonths(today, count * months);
  for (const [re, days] of UNIT_DAYS) if (re.test(u)) return addDays(today, count * days);
  return null;
}

const MONTHS: Record<string, number> = {};
for (const [i, names] of [
  'january jan janvier januar enero gennaio janeiro',
  'february feb février februar febrero febbraio fevereiro',
  'march mar mars märz marzo março',
  'april apr avril abril aprile',
  'may mai mayo maggio maio',
  'june jun juin juni junio giugno junho',
  'july jul juillet juli julio luglio julho',
  'august aug août agosto',
  'september sep sept septembre septiembre settembre setembro',
  'october oct octobre oktober octubre ottobre outubro',
  'november nov novembre noviembre novembro',
  'december dec décembre dezember diciembre dicembre dezembro',
].entries())
  for (const name of names.split(' ')) MONTHS[name] = i + 1;

// Words before a year that mean "before it starts": the proposal is the last day of the year before.
const BEFORE = /(?:before|prior to|avant|vor|antes de|prima del|antes do)\s+(?:the\s+)?$/u;
const END_OF = /(?:end of|fin de|ende|finales de|fine del|final de)\s+(?:the\s+|l'|la\s+|del\s+)?$/u;

type Finder = (text: string, today: Date) => Array<{ index: number; date: string | null }>;

const all = (re: RegExp, text: string) => [...text.matchAll(re)];

const finders: Finder[] = [
  // 2027-12-31
  (text) =>
    all(/\b(20\d\d|2100)-(\d\d)-(\d\d)\b/g, text).map((m) => ({
      index: m.index,
      date: isCalendarDate(m[0]) ? m[0] : null,
    })),
  // 31 December 2027 / December 31, 2027 / [by|before] March 2027
  (text) =>
    all(
      /(?:\b(\d{1,2})\s+)?(?<!\p{L})(\p{L}{3,10})\.?\s+(?:(\d{1,2}),?\s+)?(?:de\s+|del\s+)?(20\d\d|2100)\b/gu,
      text,
    )
      .filter((m) => MONTHS[m[2] ?? ''] !== undefined)
      .map((m) => {
        const y = Number(m[4]);
        const month = MONTHS[m[2] ?? ''] as number;
        const day = m[1] ?? m[3];
        if (day) {
          const iso = `${y}-${String(month).padStart(2, '0')}-${day.padStart(2, '0')}`;
          return { index: m.index, date: isCalendarDate(iso) ? iso : null };
        }
        const before = BEFORE.test(text.slice(Math.max(0, m.index - 16), m.index));
        return {
          index: m.index,
          date: before ? endOfMonth(y, month - 1) : endOfMonth(y, month),
        };
      }),
  // Q3 2027, H1 2028, first half of 2028, mid-2028, early/late 2028
  (text) =>
    all(
      /\b(?:q([1-4])|h([12])|(first|second) half of|(early|mid|late|end)[- ]?)\s*(20\d\d|2100)\b/gu,
      text,
    ).map((m) => {
      const y = Number(m[5]);
      if (m[1]) return { index: m.index, date: endOfMonth(y, Number(m[1]) * 3) };
      if (m[2]) return { index: m.index, date: endOfMonth(y, Number(m[2]) * 6) };
      if (m[3]) return { index: m.index, date: endOfMonth(y, m[3] === 'first' ? 6 : 12) };
      const part = m[4];
      return { index: m.index, date: endOfMonth(y, part === 'early' ? 4 : part === 'mid' ? 6 : 12) };
    }),
  // within / in / over the next N units (and their translations)
  (text, today) =>
    all(
      /(?<!\p{L})(?:within|in|over|for|during|après|dans|d'ici|innerhalb von|in den nächsten|binnen|en|dentro de|entro|tra|fra|em|через|в течение|за)\s+(?:the\s+)?(?:next|coming|prochains?|prochaines|próximos|próximas|prossimi|prossime|следующие\s+)?\s*(\d{1,3}|[a-zäöüéèêáíóúàò]{1,9})\s+(?:more\s+)?([\p{L}]{2,16})/gu,
      text,
    ).map((m) => {
      const raw = m[1] ?? '';
      const count = /^\d+$/.test(raw) ? Number(raw) : NUMBER_WORDS[raw];
      if (count === undefined || count <= 0) return { index: m.index, date: null };
      return { index: m.index, date: relative(today, count, m[2] ?? '') };
    }),
  // 18个月内, 5年内
  (text, today) =>
    all(/(\d{1,3})\s*(个月|個月|年|周|週|天)内/gu, text).map((m) => ({
      index: m.index,
      date: relative(today, Number(m[1]), m[2] ?? ''),
    })),
  // next year / this year / next month / next season / end of the decade …
  (text, today) => {
    const y = today.getUTCFullYear();
    const m = today.getUTCMonth() + 1;
    // A season (sports, fashion, TV) is taken to end on 30 June: this one the next 30 June, the
    // next one a year later. The member sees the date and may change it.
    const seasonEnd = m <= 6 ? y : y + 1;
    const phrases: Array<[RegExp, () => string]> = [
      [
        /\b(?:next|the coming) year\b|l'année prochaine|l'an prochain|nächstes jahr|nächsten jahr|el próximo año|el año que viene|l'anno prossimo|no próximo ano|no ano que vem|в следующем году|明年|سال (?:دیگه|دیگر|آینده|بعد)/u,
        () => endOfYear(y + 1),
      ],
      [
        /\bthis year\b|cette année|dieses jahr|este año|quest'anno|este ano|в этом году|今年|امسال/u,
        () => endOfYear(y),
      ],
      [
        /\bnext month\b|le mois prochain|nächsten monat|el próximo mes|il mese prossimo|no próximo mês|в следующем месяце|下个月/u,
        () => endOfMonth(y, m + 1),
      ],
      [/\b(?:this|the current) month\b/u, () => endOfMonth(y, m)],
      [/\bnext week\b/u, () => addDays(today, 7 + ((7 - today.getUTCDay()) % 7))],
      [
        /\bnext season\b|la saison prochaine|nächste saison|la próxima temporada|la prossima stagione|na próxima temporada|в следующем сезоне|下赛季|下個賽季/u,
        () => `${seasonEnd + 1}-06-30`,
      ],
      [
        /\bthis season\b|cette saison|diese saison|esta temporada|questa stagione|в этом сезоне|本赛季/u,
        () => `${seasonEnd}-06-30`,
      ],
      [/\b(?:next|this) summer\b/u, () => `${m <= 8 ? y : y + 1}-08-31`],
      // Winter ends with February: the coming one, whichever word is used.
      [/\b(?:next|this|the coming) winter\b|زمستون|زمستان/u, () => endOfMonth(m <= 2 ? y : y + 1, 2)],
      [
        /\b(?:end of (?:the|this) decade)\b|fin de la décennie|ende des jahrzehnts|finales de la década|fine del decennio/u,
        () => endOfYear(Math.floor(y / 10) * 10 + 9),
      ],
      [/\bnext decade\b|over the next decade|within a decade/u, () => addMonths(today, 120)],
      [/\b(?:end of (?:the|this) century)\b/u, () => '2099-12-31'],
    ];
    const out: Array<{ index: number; date: string | null }> = [];
    for (const [re, date] of phrases) {
      const found = re.exec(text);
      if (found) out.push({ index: found.index, date: date() });
    }
    return out;
  },
  // A year on its own: 'by 2027', 'in 2030', 'bis 2030', 'к 2030 году', '2030年前', 'before 2028'.
  (text) =>
    all(
      /(?<![\d.,$€£-])(20[2-9]\d|2100)(?![\d-]|\s*(?:%|percent|euros?|dollars?|people|units|km|gw|mw|twh))/gu,
      text,
    ).map((m) => {
      const y = Number(m[1]);
      const lead = text.slice(Math.max(0, m.index - 20), m.index);
      if (BEFORE.test(lead) || /до\s+$/u.test(lead) || /^年前/u.test(text.slice(m.index + 4)))
        return { index: m.index, date: endOfYear(y - 1) };
      if (END_OF.test(lead)) return { index: m.index, date: endOfYear(y) };
      return { index: m.index, date: endOfYear(y) };
    }),
];

/** Persian and Arabic-Indic digits as ASCII, lower case; the positions stay the same. */
function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[’‘]/g, "'");
}

/**
 * The resolve-by date a prediction's wording suggests, or null: the phrase that comes first in the
 * text wins (a more specific form beats a bare year at the same place), and only a day after
 * `today` and not after 2100-12-31 is proposed.
 */
export function proposeResolveBy(text: string, today: Date): string | null {
  const t = normalise(text.slice(0, 1000));
  const todayIso = isoDay(today);
  let best: { index: number; rank: number; date: string } | null = null;
  for (const [rank, find] of finders.entries()) {
    for (const { index, date } of find(t, today)) {
      if (!date || date <= todayIso || date > RESOLVE_BY_LATEST) continue;
      if (!best || index < best.index || (index === best.index && rank < best.rank)) {
        best = { index, rank, date };
      }
    }
  }
  return best?.date ?? null;
}
