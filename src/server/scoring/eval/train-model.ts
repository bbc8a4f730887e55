import type { FeatureConfig, LinearModel, ModelInput } from '#server/scoring/linear-model.ts';

export interface TrainOptions {
  /** L2 penalty on every weight but the biases. */
  l2: number;
  /** Full-batch Adam steps: no sampling, so the same data always gives the same weights. */
  iterations: number;
  learningRate: number;
  /**
   * Class weights: 1 treats every example alike; 0.5 weighs each class by 1/√(its share), so the
   * few examples of a rare class are not drowned by the publishable majority; 1 in between would be
   * fully balanced. Stored as the exponent of the inverse class frequency.
   */
  balance: number;
}

export interface Example {
  input: ModelInput;
  /** Index into the model's classes. */
  label: number;
}

/**
 * Multinomial logistic regression, trained by full-batch Adam for a fixed number of steps from
 * zero weights. Deterministic: no random initialisation, no shuffling.
 */
export function trainModel(
  examples: readonly Example[],
  classes: readonly string[],
  config: FeatureConfig,
  options: TrainOptions,
): LinearModel {
  const k = classes.length;
  const rows = 1 << config.bits;
  const size = (rows + config.dense.length) * k;
  const denseAt = rows * k;
  const weights = new Float64Array(size);
  const bias = new Float64Array(k);
  const grad = new Float64Array(size);
  const gradBias = new Float64Array(k);
  const m = new Float64Array(size + k);
  const v = new Float64Array(size + k);

  const counts = new Array<number>(k).fill(0);
  for (const e of examples) counts[e.label] = (counts[e.label] ?? 0) + 1;
  const classWeight = counts.map((n) => (n > 0 ? (examples.length / (k * n)) ** options.balance : 0));
  const totalWeight = examples.reduce((s, e) => s + (classWeight[e.label] ?? 0), 0);

  const scores = new Float64Array(k);
  const delta = new Float64Array(k);
  const [beta1, beta2, eps] = [0.9, 0.999, 1e-8];
  for (let step = 1; step <= options.iterations; step++) {
    grad.fill(0);
    gradBias.fill(0);
    for (const e of examples) {
      scores.set(bias);
      e.input.grams.forEach((row, i) => {
        const value = e.input.values[i] ?? 0;
        for (let c = 0; c < k; c++) scores[c] = (scores[c] ?? 0) + (weights[row * k + c] ?? 0) * value;
      });
      e.input.dense.forEach((x, d) => {
        if (x !== 0)
          for (let c = 0; c < k; c++) scores[c] = (scores[c] ?? 0) + (weights[denseAt + d * k + c] ?? 0) * x;
      });
      let max = Number.NEGATIVE_INFINITY;
      for (let c = 0; c < k; c++) max = Math.max(max, scores[c] ?? 0);
      let sum = 0;
      for (let c = 0; c < k; c++) {
        scores[c] = Math.exp((scores[c] ?? 0) - max);
        sum += scores[c] ?? 0;
      }
      const w = (classWeight[e.label] ?? 0) / totalWeight;
      for (let c = 0; c < k; c++) {
        delta[c] = w * ((scores[c] ?? 0) / sum - (c === e.label ? 1 : 0));
        gradBias[c] = (gradBias[c] ?? 0) + (delta[c] ?? 0);
      }
      e.input.grams.forEach((row, i) => {
        const value = e.input.values[i] ?? 0;
        for (let c = 0; c < k; c++) grad[row * k + c] = (grad[row * k + c] ?? 0) + (delta[c] ?? 0) * value;
      });
      e.input.dense.forEach((x, d) => {
        if (x !== 0)
          for (let c = 0; c < k; c++)
            grad[denseAt + d * k + c] = (grad[denseAt + d * k + c] ?? 0) + (delta[c] ?? 0) * x;
      });
    }
    const lr = (options.learningRate * Math.sqrt(1 - beta2 ** step)) / (1 - beta1 ** step);
    for (let i = 0; i < size + k; i++) {
      const g = i < size ? (grad[i] ?? 0) + options.l2 * (weights[i] ?? 0) : (gradBias[i - size] ?? 0);
      m[i] = beta1 * (m[i] ?? 0) + (1 - beta1) * g;
      v[i] = beta2 * (v[i] ?? 0) + (1 - beta2) * g * g;
      const update = (lr * (m[i] ?? 0)) / (Math.sqrt(v[i] ?? 0) + eps);
      if (i < size) weights[i] = (weights[i] ?? 0) - update;
      else bias[i - size] = (bias[i - size] ?? 0) - update;
    }
  }
  return {
    classes,
    bits: config.bits,
    minN: config.minN,
    maxN: config.maxN,
    ...(config.wordN ? { wordN: config.wordN } : {}),
    dense: [...config.dense],
    weights: Float32Array.from(weights),
    bias,
  };
}
