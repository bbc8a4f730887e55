import { FLAG_CLASSES, type FlagClass } from './flag-model.ts';
import type { Moderation } from './moderation.ts';
import type { QualityOutcome } from './quality.ts';
import type { TextFeatures } from './text-features.ts';
import type { FlagCategory, FlagReasoning, PredictionInput, Severity, Verdict } from './types.ts';

// What each flag does to a submission: rejected content is never stored (HTTP 403, duplicates 409),
// warned content is stored with the flag and the notice.
export const FLAG_VERDICT: Record<FlagCategory, Verdict> = {
  spam: 'reject',
  abusive: 'reject',
  gibberish: 'reject',
  duplicate: 'reject',
  machine_generated: 'warn',
  not_a_prediction: 'warn',
};

// The highest quality percent a flagged text can show, so a flag and a high score never disagree.
export const FLAG_SCORE_CAP: Record<FlagCategory, number> = {
  spam: 10,
  abusive: 10,
  gibberish: 5,
  duplicate: 100,
  machine_generated: 45,
  not_a_prediction: 35,
};

const REASON: Record<FlagCategory, string> = {
  spam: 'Promotional content or spam',
  abusive: 'Abusive or offensive language',
  gibberish: 'Text is not readable',
  machine_generated: 'Reads as machine-generated text',
  not_a_prediction: 'Not a prediction about the future',
  duplicate: 'Duplicate prediction',
};

const TIPS: Record<FlagCategory, string[]> = {
  spam: [
    'Remove links, contact details and calls to action.',
    'Share a claim about the future, not an offer.',
    'Predictions that advertise are removed.',
  ],
  abusive: [
    'Criticise ideas, not people.',
    'Remove insults, slurs and threats.',
    'State what you expect to happen and why.',
  ],
  gibberish: [
    'Write whole words in any language you like.',
    'Say what you expect to happen, to what, and by when.',
  ],
  machine_generated: [
    'Write in your own words and keep it short.',
    'Drop filler such as "it is important to note" or "in conclusion".',
    'One clear claim with a date beats a paragraph of general remarks.',
  ],
  not_a_prediction: [
    'State what will happen, e.g. "X will reach Y by 2028".',
    'Turn a question into your own answer: "I expect ... by ...".',
    'Add a future date or time frame.',
  ],
  duplicate: [
    'Search the community predictions before posting.',
    'Change the claim, the number or the date if yours differs.',
  ],
};

export interface FlagDecision {
  category: FlagCategory;
  severity: Severity;
  detail: string;
}

type ModelFlag = Exclude<FlagClass, 'none'>;

// How the reasons say what the model read, in plain words.
const MODEL_READS: Record<FlagClass, string> = {
  none: 'Reads like a forecast',
  spam: 'Reads like promotional text',
  abusive: 'Reads like an insult or a threat',
  gibberish: 'Reads like random words rather than a sentence',
  machine_generated: 'Reads like a chat assistant wrote it',
  not_a_prediction: 'Reads like something other than a forecast',
};

const modelSays = (c: FlagClass, p: number) =>
  `${MODEL_READS[c]} (statistical model, ${Math.min(99, Math.round(p * 100))}% confident)`;

/**
 * How sure the classifier must be to flag: chosen by cross-validation on the dev set so that at most
 * 2% of good predictions are flagged (eval/, docs/decisions/005). Below it the text is publishable.
 */
const FLAG_THRESHOLD = 0.5;

export interface FlagOutcome {
  decision: FlagDecision | null;
  /** What the model read, in plain words (a reason line), or null when it flagged nothing. */
  modelNote: string | null;
}

/**
 * The flag: a near-certain rule pattern, else a duplicate the index found, else the classifier's
 * likeliest class when it is sure enough. The rules' findings explain the classifier's flag.
 */
export function decideFlag(
  f: TextFeatures,
  mod: Moderation,
  quality: QualityOutcome,
  duplicateOf: PredictionInput['duplicateOf'],
  probabilities: Float64Array | null,
  threshold: number = FLAG_THRESHOLD,
): FlagOutcome {
  if (mod.certain) {
    const flag = mod.certain.flag;
    const evidence = ruleEvidence(flag, f, mod, quality);
    return {
      decision: {
        category: flag,
        severity: severityOf(flag),
        detail: `Found ${mod.certain.why}${evidence ? ` (${evidence})` : ''}.`,
      },
      modelNote: null,
    };
  }
  if (duplicateOf)
    return {
      decision: {
        category: 'duplicate',
        severity: 'medium',
        detail: `It matches an existing prediction (${Math.round(duplicateOf.similarity * 100)}% similar).`,
      },
      modelNote: null,
    };
  if (!probabilities) return { decision: null, modelNote: null };
  let best = 0;
  probabilities.forEach((p, c) => {
    if (p > (probabilities[best] ?? 0)) best = c;
  });
  const flag = FLAG_CLASSES[best] ?? 'none';
  const p = probabilities[best] ?? 0;
  if (flag === 'none' || p < threshold) return { decision: null, modelNote: null };
  const note = modelSays(flag, p);
  const evidence = ruleEvidence(flag, f, mod, quality);
  return {
    decision: {
      category: flag,
      severity: severityOf(flag),
      detail: `${note}; ${evidence ? `the rules found ${evidence}` : 'the phrase lists found nothing'}.`,
    },
    modelNote: note,
  };
}

function severityOf(flag: ModelFlag): Severity {
  if (flag === 'abusive') return 'high';
  if (flag === 'spam' || flag === 'gibberish') return 'medium';
  return 'low';
}

// What the rules saw toward a flag the model raised, or '' when they saw nothing.
function ruleEvidence(
  category: ModelFlag,
  f: TextFeatures,
  mod: Moderation,
  quality: QualityOutcome,
): string {
  switch (category) {
    case 'spam': {
      const parts = [...mod.spam.hits.map((h) => `"${h}"`)];
      if (f.urls) parts.push(`${f.urls} link(s)`);
      if (f.phones + f.emails + f.handles) parts.push('contact details');
      return parts.join(', ');
    }
    case 'abusive':
      return [...new Set([...mod.abuse.hits, ...mod.abuse.profanity.map(() => 'profanity')])].join(', ');
    case 'gibberish':
      return mod.gibberish.why.join('; ');
    case 'machine_generated':
      return mod.machine.hits.join(', ');
    case 'not_a_prediction':
      return (
        quality.notPrediction ?? (quality.future === 'none' ? 'no future tense, forecast or future date' : '')
      );
  }
}

export function flagReasoning(decision: FlagDecision): FlagReasoning {
  return {
    severity: decision.severity,
    category: decision.category,
    reason: REASON[decision.category],
    detailed_explanation: decision.detail,
    improvement_tips: TIPS[decision.category],
    ai_generated: decision.category === 'machine_generated',
  };
}
