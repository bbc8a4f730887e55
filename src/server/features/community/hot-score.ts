// The stored hot score (docs/decisions/008-community-and-hot-topics.md), Reddit style:
//
//   engagement = likes − dislikes + 2 × comments
//   hot        = sign(engagement) × log10(max(|engagement|, 1)) + (created − EPOCH) / DECAY
//
// The time term grows with the creation time instead of shrinking with age, so a row's score
// never changes as time passes: it is written when the prediction is stored and again on each
// like, dislike or comment, and the top-N query reads it straight from an index. Ten times the
// engagement is worth DECAY_HOURS of freshness.

export const HOT_EPOCH_MS = Date.UTC(2025, 0, 1);
export const HOT_DECAY_HOURS = 45;
const DECAY_SECONDS = HOT_DECAY_HOURS * 3600;

export function engagementScore(likes: number, dislikes: number, comments: number): number {
  return likes - dislikes + 2 * comments;
}

export function hotScore(engagement: number, createdAt: string | number | Date): number {
  const created = createdAt instanceof Date ? createdAt.getTime() : new Date(createdAt).getTime();
  const order = Math.log10(Math.max(Math.abs(engagement), 1));
  const sign = Math.sign(engagement);
  return Math.round((sign * order + (created - HOT_EPOCH_MS) / 1000 / DECAY_SECONDS) * 1e7) / 1e7;
}

/** What a newly stored prediction starts with (no votes, no comments). */
export const initialHotScore = (createdAt: string | number | Date): number => hotScore(0, createdAt);
