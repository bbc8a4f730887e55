import { readFileSync } from 'node:fs';

// What the outlook lexicon (data/outlook.json) finds in a text: outcomes good or bad in themselves,
// and things whose rise is good (jobs) or bad (prices) paired with the way they move. Negation
// nearby turns a finding around. The counts are the outlook classifier's dense features
// (sentiment.ts); the classifier learns how much each weighs.

const KINDS = ['good', 'bad', 'goods', 'burdens', 'up', 'down', 'negation'] as const;
type Kind = (typeof KINDS)[number];

interface Matcher {
  exact: Set<string>;
  /** Prefix entries ('improv*'), by their first two characters. */
  prefixes: Map<string, string[]>;
  /** Entries of several words, or of a language written without spaces: found anywhere. */
  phrases: string[];
}
type Lexicon = Record<Kind, Matcher>;

const UNSPACED = new Set(['zh', 'ja', 'th']);

function compile(entries: string, unspaced: boolean): Matcher {
  const m: Matcher = { exact: new Set(), prefixes: new Map(), phrases: [] };
  for (const raw of entries.split('|')) {
    const e = raw.trim().toLowerCase();
    if (!e) continue;
    if (unspaced || e.includes(' ')) m.phrases.push(e.replace(/\*$/u, ''));
    else if (e.endsWith('*')) {
      const stem = e.slice(0, -1);
      const key = stem.slice(0, 2);
      m.prefixes.set(key, [...(m.prefixes.get(key) ?? []), stem]);
    } else m.exact.add(e);
  }
  return m;
}

const data = JSON.parse(readFileSync(new URL('./data/outlook.json', import.meta.url), 'utf8')) as {
  languages: Record<string, Record<Kind, string>>;
};
const LEXICONS = new Map<string, Lexicon>(
  Object.entries(data.languages).map(([lang, kinds]) => [
    lang,
    Object.fromEntries(KINDS.map((k) => [k, compile(kinds[k] ?? '', UNSPACED.has(lang))])) as Lexicon,
  ]),
);

interface Hit {
  kind: Kind;
  at: number;
  end: number;
}

const TOKEN = /[\p{L}\p{M}\p{N}'’-]+/gu;
const CLAUSE_BREAK =
  /[.;!?،؛。！？\n]|,\s+(?:but|yet|while|although|mais|pero|aber|ma|mas|но|ama|لكن|اما|ولی)(?![\p{L}])/gu;

function hitsOf(text: string, lex: Lexicon): Hit[] {
  const hits: Hit[] = [];
  for (const m of text.matchAll(TOKEN)) {
    const token = m[0].replace(/^['’-]+|['’-]+$/gu, '');
    for (const kind of KINDS) {
      const matcher = lex[kind];
      let found = matcher.exact.has(token);
      if (!found)
        for (const stem of matcher.prefixes.get(token.slice(0, 2)) ?? [])
          if (token.startsWith(stem)) {
            found = true;
            break;
          }
      if (found) hits.push({ kind, at: m.index, end: m.index + m[0].length });
    }
  }
  for (const kind of KINDS)
    for (const phrase of lex[kind].phrases) {
      let from = 0;
      for (;;) {
        const at = text.indexOf(phrase, from);
        if (at < 0) break;
        hits.push({ kind, at, end: at + phrase.length });
        from = at + phrase.length;
      }
    }
  return hits.sort((a, b) => a.at - b.at);
}

/** The outlook features, each in 0..1, in OUTLOOK_FEATURES order. */
export const OUTLOOK_FEATURES = [
  'known_language',
  'good',
  'bad',
  'goods_up',
  'goods_down',
  'burdens_up',
  'burdens_down',
  'negated',
  'leans_good',
  'leans_bad',
] as const;

const NEGATION_REACH = 24;

export function outlookFeatures(lower: string, language: string): Float64Array {
  const out = new Float64Array(OUTLOOK_FEATURES.length);
  const lex = LEXICONS.get(language);
  if (!lex) return out;
  out[0] = 1;
  const text = lower.replace(/\u200c/gu, ' ');
  const hits = hitsOf(text, lex);
  const clauseOf = clauses(text);
  const negations = hits.filter((h) => h.kind === 'negation');
  const negatedAt = (h: Hit) =>
    negations.some(
      (n) =>
        clauseOf(n.at) === clauseOf(h.at) &&
        ((n.end <= h.at && h.at - n.end <= NEGATION_REACH) ||
          (n.at >= h.end && n.at - h.end <= NEGATION_REACH)),
    );
  let good = 0;
  let bad = 0;
  const pairs = { goods_up: 0, goods_down: 0, burdens_up: 0, burdens_down: 0 };
  let anyNegated = false;
  const directions = hits.filter((h) => h.kind === 'up' || h.kind === 'down');
  const things = hits.filter((h) => h.kind !== 'negation' && h.kind !== 'up' && h.kind !== 'down');
  const apart = (a: Hit, b: Hit) =>
    clauseOf(a.at) !== clauseOf(b.at) || (a.at < b.end && a.end > b.at) ? Infinity : Math.abs(a.at - b.at);
  // The nearest way of moving in the same clause, not the thing's own word ('growth' is goods).
  const movement = (h: Hit) => {
    let best: Hit | null = null;
    for (const d of directions) if (apart(d, h) < (best ? apart(best, h) : Infinity)) best = d;
    return best;
  };
  // An outcome before a verb that moves something after it is the cause, not what moves: in 'a
  // drought will cut harvests' the harvests fall, and in 'the vaccine will halve cases' the cases.
  // Words on the same side move together ('malaria deaths will fall').
  const ownsMovement = (h: Hit, d: Hit) =>
    !(h.end <= d.at && things.some((t) => t.at >= d.end && clauseOf(t.at) === clauseOf(d.at)));
  for (const h of things) {
    // An outcome that moves is a thing whose rise is good or bad: fewer deaths, a war that ends
    // and a recovery that slows say the opposite of the word alone.
    const nearest = h.kind === 'good' || h.kind === 'bad' ? movement(h) : null;
    const moved = nearest && ownsMovement(h, nearest) ? nearest : null;
    if ((h.kind === 'good' || h.kind === 'bad') && (!moved || moved.kind === 'up')) {
      const flip = negatedAt(h);
      anyNegated ||= flip;
      if ((h.kind === 'good') !== flip) good++;
      else bad++;
      continue;
    }
    const best = moved ?? movement(h);
    if (!best) continue;
    const flip = negatedAt(best);
    anyNegated ||= flip;
    const up = (best.kind === 'up') !== flip;
    const thing = h.kind === 'good' || h.kind === 'goods' ? 'goods' : 'burdens';
    pairs[`${thing}_${up ? 'up' : 'down'}`]++;
  }
  const cap = (n: number) => Math.min(n, 3) / 3;
  out[1] = cap(good);
  out[2] = cap(bad);
  out[3] = cap(pairs.goods_up);
  out[4] = cap(pairs.goods_down);
  out[5] = cap(pairs.burdens_up);
  out[6] = cap(pairs.burdens_down);
  out[7] = anyNegated ? 1 : 0;
  const lean = good - bad + pairs.goods_up - pairs.goods_down - pairs.burdens_up + pairs.burdens_down;
  out[8] = lean > 0 ? 1 : 0;
  out[9] = lean < 0 ? 1 : 0;
  return out;
}

// Which clause a position falls in.
function clauses(text: string): (at: number) => number {
  const breaks = [...text.matchAll(CLAUSE_BREAK)].map((m) => m.index);
  return (at) => {
    let n = 0;
    while (n < breaks.length && (breaks[n] ?? 0) < at) n++;
    return n;
  };
}
