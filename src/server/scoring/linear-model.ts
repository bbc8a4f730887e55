import { readFileSync } from 'node:fs';

// A multinomial logistic regression over hashed character and word n-grams plus a few dense
// measurements, trained on labelled dev data by `npm run train:scoring` (eval/train-model.ts).
// Character n-grams need no tokeniser or word list, so Persian, CJK and misspelt text are read the
// same way as English. Two models use it: the flags (flag-model.ts) and the outlook (sentiment.ts).

export interface FeatureConfig {
  /** The n-gram table has 2^bits rows. */
  bits: number;
  minN: number;
  maxN: number;
  /** Word n-grams up to this length in the same table (0 or absent: none). */
  wordN?: number;
  /** The names of the dense measurements the model sees, in order. */
  dense: readonly string[];
}

export interface ModelInput {
  /** Rows present in the text (a row may repeat when two kinds of feature land on it). */
  grams: Int32Array;
  /** Each row's value: 1/√(number of distinct features of its kind). */
  values: Float32Array;
  dense: Float64Array;
}

export interface LinearModel extends FeatureConfig {
  classes: readonly string[];
  /** Row-major: (2^bits n-gram rows, then one row per dense feature) × classes. */
  weights: Float32Array;
  bias: Float64Array;
}

// Words of the n-gram text (letters and digits, digits already 0).
const WORD_TOKEN = /[\p{L}\p{N}\p{M}']+/gu;

/** The text as the n-grams read it: lower case, digits as 0, one space between words, 600 at most. */
export function gramText(lower: string): string {
  return ` ${lower
    .replace(/\u200c/gu, '')
    .replace(/\p{Nd}/gu, '0')
    .replace(/\s+/gu, ' ')
    .slice(0, 600)} `;
}

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

/** The model's view of a text (from gramText): which n-gram rows occur, and the dense values. */
export function modelInput(text: string, config: FeatureConfig, dense: Float64Array): ModelInput {
  const size = 1 << config.bits;
  const mask = size - 1;
  if (stamp.length !== size || generation >= 0x3fffffff) {
    stamp = new Int32Array(size);
    generation = 0;
  }
  const words = config.wordN ? (text.match(WORD_TOKEN) ?? []) : [];
  const most = text.length * (config.maxN - config.minN + 1) + words.length * (config.wordN ?? 0);
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
  const maxN = config.wordN ?? 0;
  if (maxN > 0 && words.length > 0) {
    for (let i = 0; i < words.length; i++) {
      let h = 0x2f3a9c1b;
      for (let n = 1; n <= maxN && i + n <= words.length; n++) {
        h = fnv(`${words[i + n - 1]}\u0000`, h);
        add(rowOf(Math.imul(h ^ n, 0x01000193), mask));
      }
    }
    endKind();
  }
  return { grams: buffer.slice(0, count), values: valueBuffer.slice(0, count), dense };
}

/** Class probabilities (softmax), in the model's class order. */
export function classProbabilities(model: LinearModel, input: ModelInput): Float64Array {
  const k = model.classes.length;
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

export interface TrainingRecord {
  examples: number;
  /** sha256 of the training inputs (items and setup), so a test can tell a stale model. */
  inputsHash: string;
  training: Record<string, unknown>;
}

/**
 * The committed form: n-gram weights as one signed byte each (a scale per class), base64; the
 * dense weights and biases as numbers. Quantising costs under 1% of a weight's size.
 */
export interface StoredModel {
  format: 'ngram-logreg-2';
  trainedOn: TrainingRecord;
  classes: readonly string[];
  bits: number;
  minN: number;
  maxN: number;
  wordN?: number;
  dense: string[];
  bias: number[];
  denseWeights: number[][];
  gramScale: number[];
  gramWeights: string;
}

export function encodeModel(model: LinearModel, trainedOn: TrainingRecord): StoredModel {
  const k = model.classes.length;
  const rows = 1 << model.bits;
  const scale = model.classes.map((_, c) => {
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
    format: 'ngram-logreg-2',
    trainedOn,
    classes: [...model.classes],
    bits: model.bits,
    minN: model.minN,
    maxN: model.maxN,
    ...(model.wordN ? { wordN: model.wordN } : {}),
    dense: [...model.dense],
    bias: [...model.bias].map(round),
    denseWeights: model.dense.map((_, d) =>
      model.classes.map((_c, c) => round(model.weights[(rows + d) * k + c] ?? 0)),
    ),
    gramScale: scale,
    gramWeights: Buffer.from(bytes.buffer).toString('base64'),
  };
}

function decodeModel(stored: StoredModel, classes: readonly string[]): LinearModel {
  const k = classes.length;
  if (stored.format !== 'ngram-logreg-2' || stored.classes.join() !== classes.join())
    throw new Error('model file: unknown format or classes');
  const rows = 1 << stored.bits;
  const bytes = new Int8Array(Buffer.from(stored.gramWeights, 'base64'));
  const weights = new Float32Array((rows + stored.dense.length) * k);
  for (let i = 0; i < rows * k; i++) weights[i] = (bytes[i] ?? 0) * (stored.gramScale[i % k] ?? 0);
  stored.denseWeights.forEach((ws, d) => {
    ws.forEach((w, c) => {
      weights[(rows + d) * k + c] = w;
    });
  });
  return {
    classes,
    bits: stored.bits,
    minN: stored.minN,
    maxN: stored.maxN,
    ...(stored.wordN ? { wordN: stored.wordN } : {}),
    dense: stored.dense,
    weights,
    bias: Float64Array.from(stored.bias),
  };
}

/** Round-trips a model through its committed form, so evaluation sees what production loads. */
export function quantize(model: LinearModel): LinearModel {
  return decodeModel(encodeModel(model, { examples: 0, inputsHash: '', training: {} }), model.classes);
}

/** A committed model file (data/*.json), read once at start. */
export function readModel(file: string, classes: readonly string[]): LinearModel {
  const url = new URL(`./data/${file}`, import.meta.url);
  return decodeModel(JSON.parse(readFileSync(url, 'utf8')) as StoredModel, classes);
}
