import { existsSync, readFileSync } from 'node:fs';
import { z } from 'zod';

// The four kinds of labelled set, in the formats the held-out writer uses (docs/decisions/005).
// The dev set (dataset.json, dev-sentiment.json) is read into the same shapes, so one measurement
// serves both.

const FLAG_LABELS = [
  'none',
  'spam',
  'abusive',
  'gibberish',
  'machine_generated',
  'not_a_prediction',
] as const;
export type FlagLabel = (typeof FLAG_LABELS)[number];
export const OUTLOOKS = ['positive', 'neutral', 'negative'] as const;
export type Outlook = (typeof OUTLOOKS)[number];
export const BANDS = ['high', 'mid', 'low'] as const;
export type Band = (typeof BANDS)[number];

const item = { id: z.string().min(1), lang: z.string().min(1), text: z.string() };

export const FlagSet = z.object({
  about: z.string(),
  referenceDate: z.string().optional(),
  predictions: z.array(z.object({ ...item, label: z.enum(FLAG_LABELS) })),
});
export type FlagSet = z.infer<typeof FlagSet>;

export const PairSet = z.object({
  about: z.string(),
  pairs: z.array(
    z.object({
      id: z.string().min(1),
      kind: z.enum(['duplicate', 'distinct']),
      edit: z.string().default(''),
      lang: z.string().default('und'),
      a: z.string(),
      b: z.string(),
    }),
  ),
});
export type PairSet = z.infer<typeof PairSet>;

export const SentimentSet = z.object({
  about: z.string(),
  predictions: z.array(z.object({ ...item, sentiment: z.enum(OUTLOOKS) })),
});
export type SentimentSet = z.infer<typeof SentimentSet>;

export const BandSet = z.object({
  about: z.string(),
  referenceDate: z.string().optional(),
  predictions: z.array(z.object({ ...item, band: z.enum(BANDS), missing: z.array(z.string()).default([]) })),
});
export type BandSet = z.infer<typeof BandSet>;

export interface LabelledSets {
  flags: FlagSet | null;
  pairs: PairSet | null;
  sentiment: SentimentSet | null;
  bands: BandSet | null;
}

export const SET_FILES = {
  flags: 'flags.json',
  pairs: 'pairs.json',
  sentiment: 'sentiment.json',
  bands: 'bands.json',
} as const;

function read<T>(dir: URL, file: string, schema: z.ZodType<T>): T | null {
  const url = new URL(file, dir);
  if (!existsSync(url)) return null;
  const parsed = schema.safeParse(JSON.parse(readFileSync(url, 'utf8')));
  if (!parsed.success) throw new Error(`${url.pathname}: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/** The held-out sets of a folder (a URL ending in '/'); each is null when its file is absent. */
export function loadSets(dir: URL): LabelledSets {
  return {
    flags: read(dir, SET_FILES.flags, FlagSet),
    pairs: read(dir, SET_FILES.pairs, PairSet),
    sentiment: read(dir, SET_FILES.sentiment, SentimentSet),
    bands: read(dir, SET_FILES.bands, BandSet),
  };
}

/** Where the lead copies the frozen held-out sets before measuring a release. */
export const HELDOUT_DIR = new URL('./heldout/', import.meta.url);

// ---- the dev set -------------------------------------------------------------------------------

/** The dev set's four-tier band (a careful reader's: all three of who/when/how much, two, one, none). */
type DevTier = 'high' | 'good' | 'fair' | 'needs_improvement';

interface DevPrediction {
  id: string;
  lang: string;
  label: FlagLabel;
  band?: DevTier;
  text: string;
  source?: string;
}

export interface DevDataset {
  about: string;
  referenceDate: string;
  predictions: DevPrediction[];
  pairs: { id: string; kind: 'duplicate' | 'distinct'; edit?: string; lang?: string; a: string; b: string }[];
}

function loadDevDataset(): DevDataset {
  return JSON.parse(readFileSync(new URL('./dataset.json', import.meta.url), 'utf8')) as DevDataset;
}

// The dev tiers were labelled as 'all three', 'two of three', 'one', 'none': the held-out bands
// put 'two of three' in the middle band and one or none below it.
const DEV_BAND: Record<DevTier, Band> = { high: 'high', good: 'mid', fair: 'low', needs_improvement: 'low' };

/**
 * Dev folders in the held-out formats, each written by someone who never saw the engine; their
 * items join the dev set (each set's `about` says who wrote it, when and how).
 */
const DEV_FOLDERS = ['dev-2026-11-28', 'dev-2026-11-28b'] as const;

/** The dev set in the four held-out shapes: dataset.json, dev-sentiment.json and DEV_FOLDERS. */
export function devSets(dataset: DevDataset = loadDevDataset()): Required<{
  [K in keyof LabelledSets]: NonNullable<LabelledSets[K]>;
}> {
  const sentiment = read(new URL('./', import.meta.url), 'dev-sentiment.json', SentimentSet);
  const extra = DEV_FOLDERS.map((folder) => loadSets(new URL(`./${folder}/`, import.meta.url)));
  return {
    flags: {
      about: dataset.about,
      referenceDate: dataset.referenceDate,
      predictions: [
        ...dataset.predictions.map(({ id, lang, label, text }) => ({ id, lang, label, text })),
        ...extra.flatMap((s) => s.flags?.predictions ?? []),
      ],
    },
    pairs: PairSet.parse({
      about: dataset.about,
      pairs: [...dataset.pairs, ...extra.flatMap((s) => s.pairs?.pairs ?? [])],
    }),
    sentiment: {
      about: sentiment?.about ?? 'none',
      predictions: [
        ...(sentiment?.predictions ?? []),
        ...extra.flatMap((s) => s.sentiment?.predictions ?? []),
      ],
    },
    bands: {
      about: dataset.about,
      referenceDate: dataset.referenceDate,
      predictions: [
        ...dataset.predictions.flatMap(({ id, lang, band, text, label }) =>
          band && label === 'none' ? [{ id, lang, band: DEV_BAND[band], missing: [], text }] : [],
        ),
        ...extra.flatMap((s) => s.bands?.predictions ?? []),
      ],
    },
  };
}
