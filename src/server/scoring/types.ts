export type FlagCategory =
  | 'spam'
  | 'abusive'
  | 'gibberish'
  | 'machine_generated'
  | 'not_a_prediction'
  | 'duplicate';

export type Severity = 'low' | 'medium' | 'high';
export type Verdict = 'publish' | 'warn' | 'reject';
export type QualityTier = 'high' | 'good' | 'fair' | 'needs_improvement';

export interface FlagReasoning {
  severity: Severity;
  category: FlagCategory;
  reason: string;
  detailed_explanation: string;
  improvement_tips: string[];
  /** True when the flag says the text reads as machine-generated (the 'AI content detected' notice). */
  ai_generated: boolean;
}

export interface Suggestion {
  title: string;
  description: string;
  priority: 'high' | 'medium' | 'low';
  icon: string;
  category: string;
}

/** One line of the explanation: `effect` is in reliability points (0..100 scale). */
export interface Reason {
  code: string;
  label: string;
  effect: number;
}

export interface AuthorHistory {
  totalPredictions: number;
  flaggedPredictions: number;
}

export interface PredictionInput {
  text: string;
  categories: string[];
  author?: AuthorHistory;
  /**
   * When the text was submitted. Only used to tell a future year from a past one; without it
   * years still count as a time frame but never as evidence of future orientation.
   */
  now?: Date;
  /** The closest existing prediction the near-duplicate index found, if any (near-duplicate.ts). */
  duplicateOf?: { id: string | number; similarity: number } | null;
}

export interface Analysis {
  version: string;
  text_quality_score: number;
  sentiment_score: number;
  reliability_score: number;
  quality_tier: QualityTier;
  is_flagged: boolean;
  flag_reason: string | null;
  flag_reasoning: FlagReasoning | null;
  suggestions: Suggestion[];
  verdict: Verdict;
  reasons: Reason[];
  language: string;
}
