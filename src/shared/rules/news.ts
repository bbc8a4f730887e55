// SPEC.md §5 'Data filtering on the home page': at most 4 bullet points and 4 keywords per story.
export const NEWS_LIMITS = { bulletPoints: 4, keywords: 4 } as const;
