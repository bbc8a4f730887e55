import {
  ANALYTICS_FILTER_CATEGORIES,
  type AnalyticsFilterCategory,
  type AnalyticsQuery,
  DEFAULT_TIMEFRAME,
  TIMEFRAMES,
  type Timeframe,
} from '#shared/schemas/analytics.ts';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '#web/components/ui/alert.tsx';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { AnalyticsDashboard } from '#web/features/analytics/components/analytics-dashboard.tsx';
import { AnalyticsFilters } from '#web/features/analytics/components/analytics-filters.tsx';
import { CommunityResolution } from '#web/features/resolution/components/community-resolution.tsx';
import { useAuth } from '#web/app/auth-provider.tsx';

const isTimeframe = (v: string | null): v is Timeframe => TIMEFRAMES.includes(v as Timeframe);
const isCategory = (v: string | null): v is AnalyticsFilterCategory =>
  ANALYTICS_FILTER_CATEGORIES.includes(v as AnalyticsFilterCategory);

/** SPEC.md §2 'Analytics page': public; filters live in the URL so a view can be shared. */
export function AnalyticsPage() {
  const { status } = useAuth();
  const [params, setParams] = useSearchParams();
  const timeframeParam = params.get('timeframe');
  const categoryParam = params.get('category');
  const query: AnalyticsQuery = {
    timeframe: isTimeframe(timeframeParam) ? timeframeParam : DEFAULT_TIMEFRAME,
    category: isCategory(categoryParam) ? categoryParam : 'all',
  };
  const update = (next: AnalyticsQuery) => {
    const search = new URLSearchParams();
    if (next.timeframe !== DEFAULT_TIMEFRAME) search.set('timeframe', next.timeframe);
    if (next.category !== 'all') search.set('category', next.category);
    setParams(search, { replace: true });
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <title>Analytics · Futurecast</title>
      <PageHeader
        eyebrow="Public analytics"
        title="Community Analytics"
        description="How the community predicts: which categories are active, when people publish, and how the quality of predictions is trending. Days are UTC calendar days."
        actions={<AnalyticsFilters timeframe={query.timeframe} category={query.category} onChange={update} />}
      />
      {status !== 'anonymous' ? null : (
        <Alert variant="info" className="mt-8">
          You are viewing public analytics.{' '}
          <Link to="/login" className="font-semibold underline underline-offset-4">
            Login
          </Link>{' '}
          to publish predictions and see your own dashboard.
        </Alert>
      )}
      <AnalyticsDashboard query={query} onReset={() => update({ timeframe: 'month', category: 'all' })} />
      <CommunityResolution />
    </div>
  );
}
