import type { Moderation } from './moderation.ts';
import type { QualityOutcome } from './quality.ts';
import type { TextFeatures } from './text-features.ts';
import type { FlagCategory, FlagReasoning, PredictionInput, Severity, Verdict } from './types.ts';

// Points at which a signal becomes a flag (see moderation.ts for how points are earned). Four
// points means two independent pieces of evidence, or one that only abuse/spam produces.
export const FLAG_THRESHOLDS = { spam: 4, abusive: 4, gibberish: 4, machine_generated: 4 } as const;

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

export function decideFlag(
  f: TextFeatures,
  mod: Moderation,
  quality: QualityOutcome,
  duplicateOf: PredictionInput['duplicateOf'],
): FlagDecision | null {
  if (mod.abuse.score >= FLAG_THRESHOLDS.abusive) {
    const words = [...mod.abuse.hits, ...mod.abuse.profanity.map(() => 'profanity')];
    return {
      category: 'abusive',
      severity: 'high',
      detail: `Found ${[...new Set(words)].join(', ')} (abuse points ${mod.abuse.score}, limit ${FLAG_THRESHOLDS.abusive}).`,
    };
  }
  if (mod.spam.score >= FLAG_THRESHOLDS.spam) {
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
  if (mod.gibberish.score >= FLAG_THRESHOLDS.gibberish) {
    return {
      category: 'gibberish',
      severity: 'medium',
      detail: `The text is ${mod.gibberish.why.join('; ')}.`,
    };
  }
  if (duplicateOf) {
    return {
      category: 'duplicate',
      severity: 'medium',
      detail: `It matches an existing prediction (${Math.round(duplicateOf.similarity * 100)}% similar).`,
    };
  }
  if (mod.machine.score >= FLAG_THRESHOLDS.machine_generated) {
    return {
      category: 'machine_generated',
      severity: mod.machine.score >= 6 ? 'medium' : 'low',
      detail: `It uses phrasing typical of AI assistants: ${mod.machine.hits.join(', ')}.`,
    };
  }
  if (quality.notPrediction)
    return { category: 'not_a_prediction', severity: 'low', detail: quality.notPrediction };
  return null;
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
