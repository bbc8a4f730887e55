import { readFileSync } from 'node:fs';
import { wordClasses } from './english.ts';
import { normalizeForLists } from './moderation.ts';
import type { TextFeatures } from './text-features.ts';

// A multinomial logistic regression over hashed character n-grams plus a few language-neutral
// measurements, trained on the labelled dev set by `npm run train:scoring` (eval/train-model.ts).
// Character n-grams need no tokeniser or word list, so Persian, CJK and misspelt text are read the
// same way as English. The rules stay the explanation; the model only adds evidence (flags.ts).

export const MODEL_CLASSES = [
  'none',
  'spam',
  'abusive',
  'gibberish',
  'machine_generated',
  'not_a_prediction',
] as const;
export type ModelClass = (typeof MODEL_CLASSES)[number];

export interface FeatureConfig {
  /** The n-gram table has 2^bits rows. */
  bits: number;
  minN: number;
  maxN: number;
  /** Word n-grams up to this length in the same table (0 or absent: none). */
  wordN?: number;
  /** English lexicon word-class n-grams up to this length (0 or absent: none). */
  tagN?: number;
  /** Which of DENSE_FEATURES the model sees (by name). */
  dense: readonly string[];
}

export interface ModelInput {
  /** Rows present in the text (a row may repeat when two kinds of feature land on it). */
  grams: Int32Array;
  /** Each row's value: 1/√(number of distinct features of its kind). */
  values: Float32Array;
  dense: Float64Array;
}

export interface FlagModel extends FeatureConfig {
  /** Row-major: (2^bits n-gram rows, then one row per dense feature) × MODEL_CLASSES. */
  weights: Float32Array;
  bias: Float64Array;
}

const cap = (n: number, max: number) => Math.min(n, max) / max;

// Language-neutral measurements of the text, each in 0..1. The rules' own points (spam, abuse,
// machine style, 'not a prediction') are deliberately not among them: the rules were tuned on the
// training texts, so there they are nearly always right, and a model that sees them learns to copy
// them, including on new authors where they are wrong (cross-validation, docs/decisions/005).
export const DENSE_FEATURES: Record<string, (f: TextFeatures) => number> = {
  links: (f) => cap(f.urls, 2),
  contact: (f) => (f.phones + f.emails + f.handles > 0 ? 1 : 0),
  emojis: (f) => cap(f.emojis, 4),
  years: (f) => (f.years.length > 0 ? 1 : 0),
  numbers: (f) => (f.numbers > 0 || f.hasPercent || f.hasCurrency ? 1 : 0),
  capitals: (f) => f.upperRatio,
  exclamations: (f) => (f.maxExclamationRun >= 2 ? 1 : 0),
  question: (f) => (f.questionOnly ? 1 : 0),
  length: (f) => Math.log1p(f.effectiveLength) / Math.log1p(500),
  implausible: (f) => (f.checkedTokens ? f.implausibleTokens / f.checkedTokens : 0),
  english: (f) => (f.language === 'en' ? 1 : 0),
};

// Words of the n-gram text (letters and digits, digits already 0).
const WORD_TOKEN = /[\p{L}\p{N}\p{M}']+/gu;

const gramText = (f: TextFeatures) =>
  ` ${normalizeForLists(f.lower)
    .replace(/\p{Nd}/gu, '0')
    .replace(/\s+/gu, ' ')
    .slice(0, 600)} `;

// Reused between calls (no allocation per n-gram): the stamp array marks the rows already counted
// for the current kind of feature, the buffers collect them.
let stamp = new Int32Array(0);
let generation = 0;
let buffer = new Int32Array(4096);
let valueBuffer = new Float32Array(4096);

// murmur3's finaliser picks the row.
function rowOf(h: number, mask: number): number {
  let x = h ^ (h >>> 16);
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  x ^= x >>> 16;
  return x & mask;
}

// FNV-1a over a string's UTF-16 units, from a seed that tells the kinds of feature apart.
function fnv(text: string, seed: number): number {
  let h = seed;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h;
}

/** The model's view of a text: which n-gram rows occur, and the dense measurements. */
export function modelInput(f: TextFeatures, config: FeatureConfig): ModelInput {
  const size = 1 << config.bits;
  const mask = size - 1;
  if (stamp.length !== size || generation >= 0x3fffffff) {
    stamp = new Int32Array(size);
    generation = 0;
  }
  const text = gramText(f);
  const words = config.wordN ? (text.match(WORD_TOKEN) ?? []) : [];
  const tags = config.tagN && f.language === 'en' ? wordClasses(f.lower) : [];
  const most =
    text.length * (config.maxN - config.minN + 1) +
    words.length * (config.wordN ?? 0) +
    tags.length * (config.tagN ?? 0);
  if (buffer.length < most) {
    buffer = new Int32Array(most);
    valueBuffer = new Float32Array(most);
  }
  let count = 0;
  let kindStart = 0;
  const add = (row: number) => {
    if (stamp[row] !== generation) {
      stamp[row] = generation;
      buffer[count++] = row;
    }
  };
  const endKind = () => {
    const n = count - kindStart;
    valueBuffer.fill(n ? 1 / Math.sqrt(n) : 0, kindStart, count);
    kindStart = count;
    generation++;
  };
  generation++;
  for (let i = 0; i < text.length; i++) {
    // FNV-1a over the n-gram's UTF-16 units, then murmur3's finaliser picks the row.
    let h = 0x811c9dc5;
    for (let n = 1; n <= config.maxN && i + n <= text.length; n++) {
      h = Math.imul(h ^ text.charCodeAt(i + n - 1), 0x01000193);
      if (n >= config.minN) add(rowOf(h, mask));
    }
  }
  endKind();
  for (const [units, maxN, seed] of [
    [words, config.wordN ?? 0, 0x2f3a9c1b],
    [tags, config.tagN ?? 0, 0x51d7e4a3],
  ] as const) {
    if (maxN === 0 || units.length === 0) continue;
    for (let i = 0; i < units.length; i++) {
      let h: number = seed;
      for (let n = 1; n <= maxN && i + n <= units.length; n++) {
        h = fnv(`${units[i + n - 1]}\u0000`, h);
        add(rowOf(Math.imul(h ^ n, 0x01000193), mask));
      }
    }
    endKind();
  }
  const dense = new Float64Array(config.dense.length);
  config.dense.forEach((name, k) => {
    dense[k] = DENSE_FEATURES[name]?.(f) ?? 0;
  });
  return { grams: buffer.slice(0, count), values: valueBuffer.slice(0, count), dense };
}

/** Class probabilities (softmax), in MODEL_CLASSES order. */
export function classProbabilities(model: FlagModel, input: ModelInput): Float64Array {
  const k = MODEL_CLASSES.length;
  const scores = Float64Array.from(model.bias);
  const w = model.weights;
  const { grams, values } = input;
  for (let i = 0; i < grams.length; i++) {
    const at = (grams[i] ?? 0) * k;
    const value = values[i] ?? 0;
    for (let c = 0; c < k; c++) scores[c] = (scores[c] ?? 0) + (w[at + c] ?? 0) * value;
  }
  const denseAt = (1 << model.bits) * k;
  input.dense.forEach((v, d) => {
    if (v === 0) return;
    for (let c = 0; c < k; c++) scores[c] = (scores[c] ?? 0) + (w[denseAt + d * k + c] ?? 0) * v;
  });
  const max = Math.max(...scores);
  let sum = 0;
  for (let c = 0; c < k; c++) {
    scores[c] = Math.exp((scores[c] ?? 0) - max);
    sum += scores[c] ?? 0;
  }
  for (let c = 0; c < k; c++) scores[c] = (scores[c] ?? 0) / sum;
  return scores;
}

/**
 * The committed form: n-gram weights as one signed byte each (a scale per class), base64; the
 * dense weights and biases as numbers. Quantising costs under 1% of a weight's size.
 */
export interface TrainingRecord {
  predictions: number;
  /** sha256 of the training items (id, label, text), so a test can tell a stale model. */
  datasetHash: string;
  training: Record<string, unknown>;
}

export interface StoredModel {
  format: 'char-ngram-logreg-1';
  trainedOn: TrainingRecord;
  classes: readonly string[];
  bits: number;
  minN: number;
  maxN: number;
  wordN?: number;
  tagN?: number;
  dense: string[];
  bias: number[];
  denseWeights: number[][];
  gramScale: number[];
  gramWeights: string;
}

export function encodeModel(model: FlagModel, trainedOn: TrainingRecord): StoredModel {
  const k = MODEL_CLASSES.length;
  const rows = 1 << model.bits;
  const scale = MODEL_CLASSES.map((_, c) => {
    let max = 0;
    for (let r = 0; r < rows; r++) max = Math.max(max, Math.abs(model.weights[r * k + c] ?? 0));
    return max > 0 ? Number((max / 127).toPrecision(6)) : 1;
  });
  const bytes = new Int8Array(rows * k);
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < k; c++)
      bytes[r * k + c] = Math.round((model.weights[r * k + c] ?? 0) / (scale[c] ?? 1));
  const round = (n: number) => Number(n.toPrecision(6));
  return {
    format: 'char-ngram-logreg-1',
    trainedOn,
    classes: MODEL_CLASSES,
    bits: model.bits,
    minN: model.minN,
    maxN: model.maxN,
    ...(model.wordN ? { wordN: model.wordN } : {}),
    ...(model.tagN ? { tagN: model.tagN } : {}),
    dense: [...model.dense],
    bias: [...model.bias].map(round),
    denseWeights: model.dense.map((_, d) =>
      MODEL_CLASSES.map((_c, c) => round(model.weights[(rows + d) * k + c] ?? 0)),
    ),
    gramScale: scale,
    gramWeights: Buffer.from(bytes.buffer).toString('base64'),
  };
}

function decodeModel(stored: StoredModel): FlagModel {
  const k = MODEL_CLASSES.length;
  if (stored.format !== 'char-ngram-logreg-1' || stored.classes.join() !== MODEL_CLASSES.join())
    throw new Error('flag-model.json: unknown format or classes');
  const rows = 1 << stored.bits;
  const bytes = new Int8Array(Buffer.from(stored.gramWeights, 'base64'));
  const weights = new Float32Array((rows + stored.dense.length) * k);
  for (let i = 0; i < rows * k; i++) weights[i] = (bytes[i] ?? 0) * (stored.gramScale[i % k] ?? 0);
  stored.denseWeights.forEach((ws, d) => {
    ws.forEach((w, c) => {
      weights[(rows + d) * k + c] = w;
    });
  });
  return { ...stored, weights, bias: Float64Array.from(stored.bias) };
}

/** Round-trips a model through its committed form, so evaluation sees what production loads. */
export function quantize(model: FlagModel): FlagModel {
  return decodeModel(encodeModel(model, { predictions: 0, datasetHash: '', training: {} }));
}

let committed: FlagModel | undefined;
/** The committed model (flag-model.json, written by `npm run train:scoring`), read once. */
export function committedModel(): FlagModel {
  committed ??= decodeModel(
    JSON.parse(readFileSync(new URL('./flag-model.json', import.meta.url), 'utf8')) as StoredModel,
  );
  return committed;
}
