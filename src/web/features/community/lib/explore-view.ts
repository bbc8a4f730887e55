import { type Category, CATEGORIES } from '#shared/rules/categories.ts';
import {
  EXPLORE_LIMITS,
  EXPLORE_SORTS,
  EXPLORE_STATUSES,
  type ExploreSort,
} from '#shared/schemas/explore.ts';

export type ExploreStatus = (typeof EXPLORE_STATUSES)[number];

// The community list's view lives in its URL (/predictions?sort=top&category=Economy&q=rates), so
// a view can be shared, bookmarked and restored by Back. Anything the URL says that the API would
// refuse is read as its default instead: a hand-edited link still shows a page, not an error.

export interface ExploreView {
  sort: ExploreSort;
  category: Category | null;
  /** open, due or resolved (issue 26); null: all. */
  status: ExploreStatus | null;
  /** The search text as typed (trimmed, at most 100 characters); searched only from 2 characters. */
  q: string;
  /** Where the list starts: a 'Load more' link opened as a page of its own. */
  cursor: string | null;
}

/** The first tab: what the community is talking about now. */
const DEFAULT_SORT: ExploreSort = 'hot';

const CURSOR_MAX = 200;
const categoryByLowerName = new Map<string, Category>(CATEGORIES.map((c) => [c.toLowerCase(), c]));

export function parseExploreView(params: URLSearchParams): ExploreView {
  const sort = (params.get('sort') ?? '').toLowerCase();
  const cursor = params.get('cursor') ?? '';
  const status = (params.get('status') ?? '').toLowerCase();
  return {
    sort: (EXPLORE_SORTS as readonly string[]).includes(sort) ? (sort as ExploreSort) : DEFAULT_SORT,
    category: categoryByLowerName.get((params.get('category') ?? '').trim().toLowerCase()) ?? null,
    status: (EXPLORE_STATUSES as readonly string[]).includes(status) ? (status as ExploreStatus) : null,
    q: (params.get('q') ?? '').trim().slice(0, EXPLORE_LIMITS.queryMax),
    cursor: cursor.length > 0 && cursor.length <= CURSOR_MAX ? cursor : null,
  };
}

/** The search the API can run: 2 characters or more (EXPLORE_LIMITS.queryMin), else none. */
export const searchable = (q: string): string | undefined =>
  q.length >= EXPLORE_LIMITS.queryMin ? q : undefined;

/** The query string of a view ('' for the default one), its parameters always in the same order. */
export function exploreSearch(view: Partial<ExploreView>): string {
  const params = new URLSearchParams();
  if (view.sort && view.sort !== DEFAULT_SORT) params.set('sort', view.sort);
  if (view.category) params.set('category', view.category);
  if (view.status) params.set('status', view.status);
  if (view.q) params.set('q', view.q);
  if (view.cursor) params.set('cursor', view.cursor);
  const search = params.toString();
  return search ? `?${search}` : '';
}
