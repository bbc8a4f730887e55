import { CATEGORIES } from '#shared/rules/categories.ts';
import { EXPLORE_LIMITS, EXPLORE_MESSAGES, type ExploreSort } from '#shared/schemas/explore.ts';
import { type FormEvent, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { cn } from '#web/lib/cn.ts';
import { type ExploreView, exploreSearch } from '../lib/explore-view';

const SORTS: { sort: ExploreSort; label: string }[] = [
  { sort: 'hot', label: 'Hot' },
  { sort: 'new', label: 'New' },
  { sort: 'top', label: 'Top' },
];

const STATUSES: { status: ExploreView['status']; label: string }[] = [
  { status: null, label: 'All' },
  { status: 'open', label: 'Open' },
  { status: 'due', label: 'Due' },
  { status: 'resolved', label: 'Resolved' },
];

const href = (view: Partial<ExploreView>) => `/predictions${exploreSearch(view)}`;

const sortLink = (active: boolean) =>
  cn(
    'inline-flex h-9 items-center rounded-lg px-4 text-sm font-semibold transition-colors',
    active ? 'bg-white text-brand-700 shadow-sm ring-1 ring-ink-200' : 'text-ink-600 hover:text-ink-900',
  );

const chip = (active: boolean) =>
  cn(
    'inline-flex h-9 items-center rounded-full px-3.5 text-sm font-medium ring-1 ring-inset transition-colors',
    active
      ? 'bg-brand-600 text-white ring-brand-600'
      : 'bg-white text-ink-700 ring-ink-200 hover:bg-brand-50 hover:ring-brand-200',
  );

function SearchForm({ view }: { view: ExploreView }) {
  const navigate = useNavigate();
  const [text, setText] = useState(view.q);
  const [problem, setProblem] = useState<string | null>(null);
  const inputId = useId();
  const problemId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = text.trim();
    if (q.length > 0 && q.length < EXPLORE_LIMITS.queryMin) return setProblem(EXPLORE_MESSAGES.queryShort);
    setProblem(null);
    navigate(href({ ...view, q, cursor: null }));
  };

  return (
    <search>
      <form onSubmit={submit} className="flex flex-col gap-1">
        <label htmlFor={inputId} className="text-sm font-medium text-ink-800">
          Search predictions
        </label>
        <div className="flex gap-2">
          <input
            id={inputId}
            type="search"
            dir="auto"
            value={text}
            maxLength={EXPLORE_LIMITS.queryMax}
            onChange={(e) => setText(e.target.value)}
            placeholder="Words from a prediction…"
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? problemId : undefined}
            className="block h-10 min-w-0 flex-1 rounded-lg border-0 px-3 text-sm text-ink-900 ring-1 ring-ink-300 ring-inset placeholder:text-ink-500 focus:ring-2 focus:ring-brand-600"
          />
          <Button type="submit">Search</Button>
        </div>
        {problem ? (
          <p id={problemId} className="text-sm text-red-700">
            {problem}
          </p>
        ) : null}
      </form>
    </search>
  );
}

/** The list's controls, every one a link or a form that changes the address: sort, category, search. */
export function ExploreFilters({ view }: { view: ExploreView }) {
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
        <nav aria-label="Sort predictions">
          <ul className="inline-flex gap-1 rounded-xl bg-ink-100 p-1">
            {SORTS.map(({ sort, label }) => (
              <li key={sort}>
                <Link
                  to={href({ ...view, sort, cursor: null })}
                  aria-current={view.sort === sort ? 'true' : undefined}
                  className={sortLink(view.sort === sort)}
                >
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="w-full md:max-w-sm">
          {/* A new address (Back, a shared link) sets the box to the search it shows. */}
          <SearchForm key={view.q} view={view} />
        </div>
      </div>
      <nav aria-label="Status">
        <ul className="flex flex-wrap gap-2">
          {STATUSES.map(({ status, label }) => (
            <li key={label}>
              <Link
                to={href({ ...view, status, cursor: null })}
                aria-current={view.status === status ? 'true' : undefined}
                className={chip(view.status === status)}
              >
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <nav aria-label="Categories">
        <ul className="flex flex-wrap gap-2">
          <li>
            <Link
              to={href({ ...view, category: null, cursor: null })}
              aria-current={view.category === null ? 'true' : undefined}
              className={chip(view.category === null)}
            >
              All categories
            </Link>
          </li>
          {CATEGORIES.map((category) => (
            <li key={category}>
              <Link
                to={href({ ...view, category, cursor: null })}
                aria-current={view.category === category ? 'true' : undefined}
                className={chip(view.category === category)}
              >
                {category}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
