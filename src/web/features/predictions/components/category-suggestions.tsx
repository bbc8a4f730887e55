import {
  type CategorySuggestion,
  SUGGESTION_DEBOUNCE_MS,
  type SuggestionConfidence,
  shouldSuggest,
  suggestCategories,
} from '#shared/rules/category-suggestion.ts';
import { useEffect, useState } from 'react';
import { SparklesIcon } from '#web/components/ui/icons.tsx';
import { CategoryIcon } from './category-icon';

/** Suggestions for the text, recomputed 300 ms after it (or the chosen categories) last changed. */
export function useCategorySuggestions(text: string, chosen: readonly string[]): CategorySuggestion[] {
  const [suggestions, setSuggestions] = useState<CategorySuggestion[]>([]);
  const key = chosen.join(',');
  useEffect(() => {
    const timer = setTimeout(() => {
      setSuggestions(shouldSuggest(text) ? suggestCategories(text, key ? key.split(',') : []) : []);
    }, SUGGESTION_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, key]);
  return suggestions;
}

const CONFIDENCE: Record<SuggestionConfidence, { bars: number; label: string; color: string }> = {
  high: { bars: 3, label: 'High confidence', color: 'bg-emerald-600' },
  medium: { bars: 2, label: 'Medium confidence', color: 'bg-amber-500' },
  low: { bars: 1, label: 'Low confidence', color: 'bg-ink-400' },
};

/** A three-bar signal icon: how sure the keyword match is (SPEC.md §5: high > 10, medium > 5). */
function ConfidenceIcon({ confidence }: { confidence: SuggestionConfidence }) {
  const { bars, color } = CONFIDENCE[confidence];
  return (
    <span aria-hidden="true" className="inline-flex items-end gap-0.5">
      {[1, 2, 3].map((n) => (
        <span
          key={n}
          className={`w-1 rounded-sm ${n <= bars ? color : 'bg-ink-200'}`}
          style={{ height: 4 + n * 3 }}
        />
      ))}
    </span>
  );
}

export function CategorySuggestions({
  suggestions,
  onPick,
}: {
  suggestions: readonly CategorySuggestion[];
  onPick: (category: string) => void;
}) {
  if (suggestions.length === 0) return null;
  return (
    <section
      aria-labelledby="suggestions-title"
      className="rounded-xl bg-accent-50 p-4 ring-1 ring-accent-100"
    >
      <h3 id="suggestions-title" className="flex items-center gap-2 text-sm font-semibold text-accent-900">
        <SparklesIcon className="size-4" />
        Smart category suggestions
      </h3>
      <ul className="mt-3 flex flex-wrap gap-2">
        {suggestions.map((s) => (
          <li key={s.category}>
            <button
              type="button"
              onClick={() => onPick(s.category)}
              className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1.5 text-sm font-medium text-ink-800 ring-1 ring-accent-200 transition ring-inset hover:bg-accent-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            >
              <CategoryIcon category={s.category} />
              {s.category}
              <span className="inline-flex items-center gap-1.5 text-xs text-ink-600">
                <ConfidenceIcon confidence={s.confidence} />
                {CONFIDENCE[s.confidence].label}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
