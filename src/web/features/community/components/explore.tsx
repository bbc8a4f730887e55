import { Link, useSearchParams } from 'react-router';
import { ButtonLink } from '#web/components/ui/button.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { CompassIcon } from '#web/components/ui/page-icons.tsx';
import type { PredictionFilters } from '../api/get-predictions';
import { type ExploreView, exploreSearch, parseExploreView, searchable } from '../lib/explore-view';
import { ExploreFilters } from './explore-filters';
import { PredictionFeed } from './prediction-feed';

const SORT_WORDS = { hot: 'Hot', new: 'Newest', top: 'Top' } as const;
const STATUS_WORDS = { open: 'open', due: 'due', resolved: 'resolved' } as const;

/** What the list shows, in words: 'Hot predictions in Economy matching “rates”'. */
function summary(view: ExploreView): string {
  const q = searchable(view.q);
  return [
    `${SORT_WORDS[view.sort]} predictions`,
    view.status ? ` (${STATUS_WORDS[view.status]})` : '',
    view.category ? ` in ${view.category}` : '',
    q ? ` matching “${q}”` : '',
  ].join('');
}

/** /predictions: the community's public predictions, sorted, filtered and searched from the URL. */
export function Explore({ userId }: { userId: number | null }) {
  const [params] = useSearchParams();
  const view = parseExploreView(params);
  const filters: PredictionFilters = {
    sort: view.sort,
    category: view.category ?? undefined,
    status: view.status ?? undefined,
    q: searchable(view.q),
  };
  const filtered = Boolean(filters.category || filters.q || filters.status);
  const firstPage = `/predictions${exploreSearch({ ...view, cursor: null })}`;

  return (
    <div className="flex flex-col gap-6">
      <ExploreFilters view={view} />
      <section aria-labelledby="explore-results" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h2 id="explore-results" dir="auto" className="text-lg font-semibold text-ink-900">
            {summary(view)}
          </h2>
          {view.cursor ? (
            <Link to={firstPage} className="text-sm font-semibold text-brand-700 hover:underline">
              Back to the first page
            </Link>
          ) : null}
        </div>
        <PredictionFeed
          // Another view is another list: nothing carries over (an open comment panel, a pending focus).
          key={exploreSearch(view)}
          filters={filters}
          startCursor={view.cursor}
          pageHref={(cursor) => `/predictions${exploreSearch({ ...view, cursor })}`}
          label={summary(view)}
          userId={userId}
          empty={
            filtered ? (
              <EmptyState
                icon={<CompassIcon />}
                title="No predictions match"
                description="Try another category or other words, or look at everything."
                action={<ButtonLink to="/predictions">Clear filters</ButtonLink>}
                headingLevel={3}
              />
            ) : (
              <EmptyState
                icon={<CompassIcon />}
                title="No predictions yet"
                description="Nobody has published a public prediction here yet. Yours could be the first."
                action={<ButtonLink to="/submit">Submit Your Prediction</ButtonLink>}
                headingLevel={3}
              />
            )
          }
        />
      </section>
    </div>
  );
}
