import {
  ANALYTICS_FILTER_CATEGORIES,
  type AnalyticsFilterCategory,
  TIMEFRAMES,
  type Timeframe,
} from '#shared/schemas/analytics.ts';
import { FilterIcon } from '#web/components/ui/page-icons.tsx';

const TIMEFRAME_LABELS: Record<Timeframe, string> = {
  week: 'Last 7 days',
  month: 'Last 30 days',
  quarter: 'Last 3 months',
  year: 'Last year',
};

const selectClass =
  'h-10 w-full rounded-lg border-0 bg-white px-3 text-sm text-ink-900 shadow-sm ring-1 ring-inset ring-ink-300 focus:ring-2 focus:ring-brand-600 sm:w-48';

export interface AnalyticsFiltersProps {
  timeframe: Timeframe;
  category: AnalyticsFilterCategory;
  onChange: (next: { timeframe: Timeframe; category: AnalyticsFilterCategory }) => void;
}

export function AnalyticsFilters({ timeframe, category, onChange }: AnalyticsFiltersProps) {
  return (
    <form
      aria-label="Analytics filters"
      className="flex flex-col gap-3 sm:flex-row sm:items-end"
      onSubmit={(e) => e.preventDefault()}
    >
      <FilterIcon className="hidden size-5 self-center text-ink-500 sm:block" />
      <label className="flex flex-col gap-1 text-sm font-medium text-ink-700">
        Timeframe
        <select
          className={selectClass}
          value={timeframe}
          onChange={(e) => onChange({ timeframe: e.target.value as Timeframe, category })}
        >
          {TIMEFRAMES.map((t) => (
            <option key={t} value={t}>
              {TIMEFRAME_LABELS[t]}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium text-ink-700">
        Category
        <select
          className={selectClass}
          value={category}
          onChange={(e) => onChange({ timeframe, category: e.target.value as AnalyticsFilterCategory })}
        >
          {ANALYTICS_FILTER_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {c === 'all' ? 'All categories' : c}
            </option>
          ))}
        </select>
      </label>
    </form>
  );
}

export const timeframeLabel = (t: Timeframe) => TIMEFRAME_LABELS[t];
