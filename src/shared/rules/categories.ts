// SPEC.md §3 'Allowed categories': the product name stands where the spec says {product}.
export const CATEGORIES = [
  'Politics',
  'Economy',
  'Environment',
  'Technology',
  'Sports',
  'Entertainment',
  'Healthcare',
  'Society',
  'Futurecast',
  'Other',
] as const;

export type Category = (typeof CATEGORIES)[number];

// The analytics filter (SPEC.md §2) and the keyword classifier know these eight; the product's own
// category and 'Other' are fallbacks, not topics.
export const ANALYTICS_CATEGORIES = [
  'Technology',
  'Politics',
  'Economy',
  'Sports',
  'Entertainment',
  'Healthcare',
  'Environment',
  'Society',
] as const satisfies readonly Category[];

export const MAX_CATEGORIES_PER_PREDICTION = 3;

const categorySet: ReadonlySet<string> = new Set(CATEGORIES);

export function isCategory(value: string): value is Category {
  return categorySet.has(value);
}
