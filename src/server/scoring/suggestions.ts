import type { Reason, Suggestion } from './types.ts';

// One suggestion per missing or costly element, most valuable first; the 'Quality Analysis'
// modal shows them as they are. Keyed by the reason code that triggers them.
const BY_REASON: Record<string, Suggestion> = {
  not_future: {
    title: 'Say what will happen',
    description: 'Phrase it as a claim about the future: "X will ..." or "By 2028, ...".',
    priority: 'high',
    icon: '🔮',
    category: 'future',
  },
  question: {
    title: 'Answer your own question',
    description: 'Predictions are claims. Say which outcome you expect instead of asking.',
    priority: 'high',
    icon: '❓',
    category: 'future',
  },
  about_the_past: {
    title: 'Look ahead',
    description: 'This describes the past. Predict what comes next instead.',
    priority: 'high',
    icon: '⏭️',
    category: 'future',
  },
  no_time_frame: {
    title: 'Add a time frame',
    description:
      'Say by when it will happen ("by the end of 2027", "within 18 months") so it can be checked.',
    priority: 'high',
    icon: '⏰',
    category: 'timeframe',
  },
  not_measurable: {
    title: 'Make it measurable',
    description: 'Add a number, a threshold or a clear outcome ("above 3%", "wins the final").',
    priority: 'high',
    icon: '📏',
    category: 'measurability',
  },
  no_specifics: {
    title: 'Name who or what',
    description: 'Name the company, country, team or product the prediction is about.',
    priority: 'medium',
    icon: '🎯',
    category: 'specificity',
  },
  vague: {
    title: 'Replace vague words',
    description: 'Words like "soon", "things" or "a lot" cannot be checked. Use dates and numbers.',
    priority: 'medium',
    icon: '🔍',
    category: 'clarity',
  },
  hedged: {
    title: 'Commit to the claim',
    description: 'Instead of "maybe", give your confidence as a probability ("70% likely").',
    priority: 'low',
    icon: '⚖️',
    category: 'clarity',
  },
  too_short: {
    title: 'Add detail',
    description: 'A sentence or two on what, how much and by when makes it worth reading.',
    priority: 'medium',
    icon: '✍️',
    category: 'detail',
  },
  shouting: {
    title: 'Drop the capitals',
    description: 'Text in capitals reads as shouting. Write in normal case.',
    priority: 'medium',
    icon: '🔡',
    category: 'tone',
  },
  exclamations: {
    title: 'Fewer exclamation marks',
    description: 'Let the claim speak for itself.',
    priority: 'low',
    icon: '❗',
    category: 'tone',
  },
  links: {
    title: 'Remove links',
    description: 'Predictions stand on their own. Links look like promotion.',
    priority: 'medium',
    icon: '🔗',
    category: 'content',
  },
  promotional: {
    title: 'Remove promotion',
    description: 'Offers, contact details and calls to action are not predictions.',
    priority: 'high',
    icon: '🚫',
    category: 'content',
  },
  profanity: {
    title: 'Keep it respectful',
    description: 'Remove profanity and insults; argue with facts.',
    priority: 'high',
    icon: '🤝',
    category: 'tone',
  },
  stock_phrasing: {
    title: 'Use your own words',
    description: 'Generic phrases such as "in today\'s rapidly evolving landscape" add nothing. Be direct.',
    priority: 'medium',
    icon: '🤖',
    category: 'originality',
  },
  unreadable: {
    title: 'Write whole words',
    description: 'Write a readable sentence in any language.',
    priority: 'high',
    icon: '📝',
    category: 'clarity',
  },
  future_weak: {
    title: 'State it firmly',
    description: 'Say what will happen rather than what could happen.',
    priority: 'low',
    icon: '🔮',
    category: 'future',
  },
};

const RANK = { high: 0, medium: 1, low: 2 } as const;
const MAX_SUGGESTIONS = 4;

export function suggestionsFor(reasons: readonly Reason[]): Suggestion[] {
  const seen = new Set<string>();
  const out: Suggestion[] = [];
  for (const reason of reasons) {
    const suggestion = BY_REASON[reason.code];
    if (suggestion && !seen.has(suggestion.title)) {
      seen.add(suggestion.title);
      out.push(suggestion);
    }
  }
  return out.sort((a, b) => RANK[a.priority] - RANK[b.priority]).slice(0, MAX_SUGGESTIONS);
}
