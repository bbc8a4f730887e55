import { countOf } from './numbers.ts';

/** '2 new likes and 1 new comment', '1 new comment': what the dashboard and the digest announce. */
export function newActivityPhrase(likes: number, comments: number): string {
  const parts = [
    likes > 0 ? countOf(likes, 'new like') : '',
    comments > 0 ? countOf(comments, 'new comment') : '',
  ].filter(Boolean);
  return parts.length ? parts.join(' and ') : 'nothing new';
}
