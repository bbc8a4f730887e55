import {
  COMBINATION,
  type Combination,
  combine,
  FLAG_THRESHOLDS,
  type ModelFlag,
  type ModelOpinion,
  ruleMeasures,
  rulePoints,
} from './combine.ts';
import type { ModelClass } from './flag-model.ts';
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

// How the reasons say what the model read, in plain words.
const MODEL_READS: Record<ModelClass, string> = {
  none: 'Reads like a forecast',
  spam: 'Reads like promotional text',
  abusive: 'Reads like an insult or a threat',
  gibberish: 'Reads like random words rather than a sentence',
  machine_generated: 'Reads like a chat assistant wrote it',
  not_a_prediction: 'Reads like something other than a forecast',
};

const modelSays = (c: ModelClass, p: number) =>
  `${MODEL_READS[c]} (statistical model, ${Math.min(99, Math.round(p * 100))}% confident)`;

export interface FlagOutcome {
  decision: FlagDecision | null;
  /** What the model added, in plain words (a reason line), or null when it changed nothing. */
  modelNote: string | null;
}

export function decideFlag(
  f: TextFeatures,
  mod: Moderation,
  quality: QualityOutcome,
  duplicateOf: PredictionInput['duplicateOf'],
  opinion: ModelOpinion | null = null,
  combination: Combination = COMBINATION,
): FlagOutcome {
  const { category, basis } = combine(
    rulePoints(ruleMeasures(mod, quality)),
    Boolean(duplicateOf),
    opinion,
    combination,
  );
  if (basis === 'model_keeps' && opinion)
    return {
      decision: null,
      modelNote: `${modelSays('none', opinion.none)}, so it is not flagged as 'not a prediction'`,
    };
  if (category === null) return { decision: null, modelNote: null };
  if (basis === 'model_support' || basis === 'model_alone') {
    const flag = category as ModelFlag;
    const note = modelSays(flag, opinion?.[flag] ?? 0);
    const evidence =
      ruleEvidence(flag, f, mod, quality) ||
      (basis === 'model_support' && quality.notPrediction ? 'no claim about the future' : '');
    return {
      decision: {
        category,
        severity: category === 'abusive' ? 'high' : category === 'spam' ? 'medium' : 'low',
        detail: `${note}; ${evidence ? `the rules found ${evidence}` : 'the phrase lists found nothing'}.`,
      },
      modelNote: note,
    };
  }
  return { decision: rulesDecision(category, f, mod, quality, duplicateOf), modelNote: null };
}

function rulesDecision(
  category: FlagCategory,
  f: TextFeatures,
  mod: Moderation,
  quality: QualityOutcome,
  duplicateOf: PredictionInput['duplicateOf'],
): FlagDecision {
  switch (category) {
    case 'abusive': {
      const words = [...mod.abuse.hits, ...mod.abuse.profanity.map(() => 'profanity')];
      return {
        category,
        severity: 'high',
        detail: `Found ${[...new Set(words)].join(', ')} (abuse points ${mod.abuse.score}, limit ${FLAG_THRESHOLDS.abusive}).`,
      };
    }
    case 'spam':
      return spamDecision(f, mod);
    case 'gibberish':
      return { category, severity: 'medium', detail: `The text is ${mod.gibberish.why.join('; ')}.` };
    case 'duplicate':
      return {
        category,
        severity: 'medium',
        detail: `It matches an existing prediction (${Math.round((duplicateOf?.similarity ?? 1) * 100)}% similar).`,
      };
    case 'machine_generated':
      return {
        category,
        severity: mod.machine.score >= 6 ? 'medium' : 'low',
        detail: `It uses phrasing typical of AI assistants: ${mod.machine.hits.join(', ')}.`,
      };
    case 'not_a_prediction':
      return {
        category,
        severity: 'low',
        detail: quality.notPrediction ?? 'It is not a claim about the future.',
      };
  }
}

function spamDecision(f: TextFeatures, mod: Moderation): FlagDecision {
  const parts = [...mod.spam.hits.map((h) => `"${h}"`)];
  if (f.urls) parts.push(`${f.urls} link(s)`);
  if (f.phones) parts.push('a phone number');
  if (f.emails) parts.push('an email address');
  if (f.handles) parts.push('an account handle');
  return {
    category: 'spam',
    severity: mod.spam.score >= 6 ? 'high' : 'medium',
    detail: `Found ${parts.join(', ') || 'promotional patterns'} (spam points ${mod.spam.score}, limit ${FLAG_THRESHOLDS.spam}).`,
  };
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
      return quality.future === 'none' ? 'no future tense, forecast or future date' : '';
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
