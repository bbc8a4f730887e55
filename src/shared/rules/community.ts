// SPEC.md §5 'Comment' and 'FAQ feedback', §8 'Home page': the comment limit and the texts the UI
// shows as they are. No Zod here: the home page imports these without the schema library.

export const COMMENT_MAX_LENGTH = 500;

/** A failed like or dislike, as a card shows it: apart, so the shell carries only these (home page budget). */
export const VOTE_ERROR_MESSAGES = {
  likeFailed: 'Failed to like prediction',
  dislikeFailed: 'Failed to dislike prediction',
  likeNetwork: 'Network error while liking prediction',
  dislikeNetwork: 'Network error while disliking prediction',
} as const;

/**
 * The line under a community card that sums up how people reacted. Computed from the counts the card
 * shows, on the server and again in the browser after a vote or comment, so it never says 'No votes
 * yet' beside a like.
 */
export function communityInsight({
  likes,
  dislikes,
  comments,
}: {
  likes: number;
  dislikes: number;
  comments: number;
}): string {
  const votes = likes + dislikes;
  const said = comments === 1 ? '1 comment' : `${comments} comments`;
  if (votes === 0) return comments ? `No votes yet, ${said}.` : 'No votes yet: be the first to weigh in.';
  const agree = Math.round((likes / votes) * 100);
  return `${agree}% of ${votes} ${votes === 1 ? 'voter agrees' : 'voters agree'}, ${said}.`;
}
