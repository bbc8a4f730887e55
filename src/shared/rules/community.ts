// SPEC.md §5 'Comment' and 'FAQ feedback', §8 'Home page': the comment limit and the texts the UI
// shows as they are. No Zod here: the home page imports these without the schema library.

export const COMMENT_MAX_LENGTH = 500;

/** The texts the UI shows as they are (SPEC.md §5 and §8 'Home page'). */
export const COMMUNITY_MESSAGES = {
  commentRequired: 'Comment cannot be empty',
  commentTooLong: `Comment must be ${COMMENT_MAX_LENGTH} characters or fewer`,
  commentAdded: 'Comment added',
  liked: 'Prediction liked',
  disliked: 'Prediction disliked',
  voteRemoved: 'Vote removed',
  notFound: 'Prediction not found',
  likeFailed: 'Failed to like prediction',
  dislikeFailed: 'Failed to dislike prediction',
  likeNetwork: 'Network error while liking prediction',
  dislikeNetwork: 'Network error while disliking prediction',
  commentFailed: 'Failed to add comment',
  commentNetwork: 'Network error while submitting comment',
  feedbackEmailRequired: 'Email is required for feedback',
  feedbackSubscribeEmail: 'Email is required to subscribe to weekly analytics',
  feedbackEmailInvalid: 'Please enter a valid email address',
  feedbackFailed: 'Failed to submit feedback',
  feedbackThanks: 'Thank you for your feedback!',
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
