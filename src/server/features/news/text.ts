// Small, dependency-free text tools for the news pipeline and hot-topic keywords: tokens, a
// light stemmer, stop words, sentence splitting and term weights. English-first; other scripts
// pass through as whole tokens.

const STOP_WORDS = new Set(
  `a about above after again against all almost also am an and any are aren't around as at be because been
  before being below between both but by can can't cannot could couldn't did didn't do does doesn't doing don't
  down during each either else ever every few for from further get gets got had hadn't has hasn't have haven't
  having he he'd he'll he's her here here's hers herself him himself his how how's however i i'd i'll i'm i've if
  in into is isn't it it's its itself just let's like made make makes many may me might more most much must
  mustn't my myself new news no nor not now of off on once one only or other others ought our ours ourselves out
  over own per said same say says see seen shall shan't she she'd she'll she's should shouldn't since so some
  still such than that that's the their theirs them themselves then there there's these they they'd they'll
  they're they've this those though three through to too two under until up upon us use used very via was
  wasn't we we'd we'll we're we've were weren't what what's when when's where where's whether which while who
  who's whom whose why why's will with within without won't would wouldn't year years yet you you'd you'll
  you're you've your yours yourself yourselves told amid back week weeks day days time first last next latest
  says set take takes taken going goes go went come comes came want wants could week's today yesterday tomorrow
  live update updates report reports reported according people thing things way ways mr mrs ms dr least`
    .split(/\s+/)
    .filter(Boolean),
);

/** Lower-cased word tokens (letters, digits, inner apostrophes and hyphens). */
function words(text: string): string[] {
  return (
    text
      .normalize('NFKC')
      .toLowerCase()
      .replace(/[’‘`]/g, "'")
      .match(/[\p{L}\p{N}]+(?:['-][\p{L}\p{N}]+)*/gu) ?? []
  );
}

/** A light suffix stripper: enough to make 'rates'/'rate' and 'launches'/'launched' meet. */
function stem(word: string): string {
  let w = word.replace(/'s$/, '');
  if (w.length <= 3 || /\d/.test(w)) return w;
  for (const [suffix, replacement] of [
    ['ies', 'y'],
    ['sses', 'ss'],
    ['ing', ''],
    ['edly', ''],
    ['ed', ''],
    ['es', ''],
    ['s', ''],
  ] as const) {
    if (w.endsWith(suffix) && w.length - suffix.length >= 3 && !(suffix === 's' && w.endsWith('ss'))) {
      w = w.slice(0, -suffix.length) + replacement;
      break;
    }
  }
  return w;
}

/** Content terms (stemmed, no stop words, no single characters) of a text. */
export function terms(text: string): string[] {
  return words(text)
    .filter((w) => w.length > 1 && !STOP_WORDS.has(w) && !/^\d+$/.test(w))
    .map(stem);
}

/** Splits prose into sentences, keeping abbreviations such as 'U.S.' and 'Dr.' whole. */
export function sentences(text: string): string[] {
  const cleaned = text.replace(/\s+/g, ' ').trim();
  if (!cleaned) return [];
  const parts = cleaned.split(/(?<=[.!?])\s+(?=["'“‘(]?[\p{Lu}\p{N}])/u);
  const out: string[] = [];
  for (const part of parts) {
    const prev = out[out.length - 1];
    // 'U.S. officials…', 'Dr. Smith…': the split was an abbreviation, glue it back.
    if (prev && /(?:\b[\p{L}]\.|\b(?:Mr|Mrs|Ms|Dr|St|Prof|Inc|Ltd|Co|vs|No)\.)$/u.test(prev)) {
      out[out.length - 1] = `${prev} ${part}`;
    } else out.push(part);
  }
  return out.map((s) => s.trim()).filter(Boolean);
}

export function cosine(a: Map<string, number>, b: Map<string, number>): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (const [, v] of a) na += v * v;
  for (const [k, v] of b) {
    nb += v * v;
    const av = a.get(k);
    if (av) dot += av * v;
  }
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}

/**
 * Up to `limit` keywords for a text, as they are written in it: capitalised names and
 * multi-word names ('European Central Bank') first, then the most frequent content words.
 */
export function keywordsOf(text: string, limit: number, weights?: Map<string, number>): string[] {
  const scores = new Map<string, { display: string; score: number }>();
  const bump = (key: string, display: string, by: number) => {
    const cur = scores.get(key);
    if (cur) cur.score += by;
    else scores.set(key, { display, score: by });
  };
  // Proper names: runs of capitalised words not at a sentence start.
  for (const sentence of sentences(text)) {
    const tokens = sentence.match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu) ?? [];
    let run: string[] = [];
    const flush = () => {
      const name = run.filter((w, i) => i > 0 || !STOP_WORDS.has(w.toLowerCase()));
      if (name.length && name.join(' ').length > 2) {
        const display = name.join(' ');
        bump(display.toLowerCase(), display, 2 + name.length);
      }
      run = [];
    };
    tokens.forEach((tok, i) => {
      const capital = /^\p{Lu}/u.test(tok) && !(i === 0 && STOP_WORDS.has(tok.toLowerCase()));
      const acronym = /^\p{Lu}{2,}\d*$/u.test(tok);
      if (
        (capital && i > 0) ||
        acronym ||
        (capital && i === 0 && tokens.length > 1 && /^\p{Lu}/u.test(tokens[1] ?? ''))
      ) {
        run.push(tok);
      } else flush();
    });
    flush();
  }
  // A word never written in lower case ('Nvidia' opening a sentence) keeps its capital.
  const written = new Map<string, string>();
  for (const tok of text.match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu) ?? []) {
    const lower = tok.toLowerCase();
    if (tok === lower || !written.has(lower)) written.set(lower, tok);
  }
  for (const w of words(text)) {
    if (w.length < 4 || STOP_WORDS.has(w) || /^\d+$/.test(w)) continue;
    bump(stem(w), written.get(w) ?? w, weights?.get(stem(w)) ?? 1);
  }
  const picked: string[] = [];
  const seen = new Set<string>();
  for (const { display } of [...scores.values()].sort((a, b) => b.score - a.score)) {
    const stems = words(display).map(stem);
    if (stems.some((s) => seen.has(s))) continue;
    for (const s of stems) seen.add(s);
    picked.push(display);
    if (picked.length >= limit) break;
  }
  return picked;
}

/** Trims to at most `max` characters at a word boundary, with an ellipsis when cut. */
export function clip(text: string, max: number): string {
  const t = text.replace(/\s+/g, ' ').trim();
  if (t.length <= max) return t;
  const cut = t.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  // The look-behind starts the match at the start of the trailing run only: linear.
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/(?<![\s,;:.-])[\s,;:.-]+$/, '')}…`;
}
