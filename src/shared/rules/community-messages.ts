import { COMMENT_MAX_LENGTH } from './community.ts';

// SPEC.md §5 and §8 'Home page': texts the UI shows as they are. A module apart from community.ts,
// whose card helpers the shell carries: these reach the browser only with the pages that show them
// (the home page's 120 KB budget).

/** The texts the UI shows as they are (SPEC.md §5 and §8 'Home page'). */
export const COMMUNITY_MESSAGES = {
  commentRequired: 'Comment cannot be empty',
  commentTooLong: `Comment must be ${COMMENT_MAX_LENGTH} characters or fewer`,
  commentAdded: 'Comment added',
  liked: 'Prediction liked',
  disliked: 'Prediction disliked',
  voteRemoved: 'Vote removed',
  notFound: 'Prediction not found',
  commentFailed: 'Failed to add comment',
  commentNetwork: 'Network error while submitting comment',
} as const;

/** The FAQ feedback texts: apart, so the shell's cards do not carry them (home page budget). */
export const FEEDBACK_MESSAGES = {
  feedbackEmailRequired: 'Email is required for feedback',
  feedbackSubscribeEmail: 'Email is required to subscribe to weekly analytics',
  feedbackEmailInvalid: 'Please enter a valid email address',
  feedbackFailed: 'Failed to submit feedback',
  feedbackThanks: 'Thank you for your feedback!',
} as const;
