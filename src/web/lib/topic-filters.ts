import type { CommunityTopic } from '#shared/schemas/community.ts';
import { NEWS_LIMITS } from '#shared/rules/news.ts';
import type { NewsTopic } from '#shared/schemas/news.ts';

// SPEC.md §5 'Data filtering on the home page'. The spec's rule that drops texts containing
// 'test' or 'debug' is not applied: it hides real predictions ('the latest…', 'protests…'); demo
// content is marked by the server instead (docs/decisions/008-community-and-hot-topics.md).

/** Topics without both a title and a prediction text are dropped. */
export const keepCommunityTopic = (t: CommunityTopic): boolean =>
  t.title.trim() !== '' && t.predictionText.trim() !== '';

const BULLET = '•';

/** At most 4 bullet points, trimmed, empty ones removed, each prefixed with a bullet. */
export function cleanBullets(points: readonly string[]): string[] {
  return points
    .map((p) => p.replace(/^[\s•·*-]+/, '').trim())
    .filter(Boolean)
    .slice(0, NEWS_LIMITS.bulletPoints)
    .map((p) => `${BULLET} ${p}`);
}

export function normaliseNewsTopic(t: NewsTopic): NewsTopic {
  return {
    ...t,
    category: t.category || 'Breaking News',
    bulletPoints: cleanBullets(t.bulletPoints),
    keywords: t.keywords.slice(0, NEWS_LIMITS.keywords),
  };
}
