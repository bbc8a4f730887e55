import { CATEGORIES } from '#shared/rules/categories.ts';
import { PREDICTION_LIMITS, PREDICTION_MESSAGES } from '#shared/schemas/predictions.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { cn } from '#web/lib/cn.ts';
import { CategoryIcon } from './category-icon';

export interface CategoryGridProps {
  selected: readonly string[];
  onToggle: (category: string) => void;
  /** Shows the limit alert (also shown whenever the limit is reached). */
  limitHit?: boolean;
}

/** The ten categories as toggle buttons; at most 3, after which the others are disabled (SPEC.md §5). */
export function CategoryGrid({ selected, onToggle, limitHit = false }: CategoryGridProps) {
  const full = selected.length >= PREDICTION_LIMITS.maxCategories;
  return (
    <div>
      <ul className="flex flex-wrap gap-2">
        {CATEGORIES.map((category) => {
          const on = selected.includes(category);
          return (
            <li key={category}>
              <button
                type="button"
                aria-pressed={on}
                disabled={!on && full}
                onClick={() => onToggle(category)}
                className={cn(
                  'inline-flex h-10 items-center gap-2 rounded-full px-3.5 text-sm font-medium ring-1 ring-inset transition',
                  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
                  'disabled:cursor-not-allowed disabled:opacity-50',
                  on
                    ? 'bg-brand-600 text-white ring-brand-600 hover:bg-brand-700'
                    : 'bg-white text-ink-800 ring-ink-200 hover:bg-brand-50 hover:ring-brand-200',
                )}
              >
                <CategoryIcon category={category} className="size-4 shrink-0" />
                {category}
              </button>
            </li>
          );
        })}
      </ul>
      {full || limitHit ? (
        <Alert variant="warning" className="mt-3">
          {PREDICTION_MESSAGES.tooManyCategories}
        </Alert>
      ) : null}
    </div>
  );
}
