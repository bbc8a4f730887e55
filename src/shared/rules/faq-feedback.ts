// SPEC.md §5 'FAQ feedback': the email rule of the FAQ feedback popup, apart from the community
// rules so the home page, which uses those, never loads the email pattern before the popup opens.

import { FEEDBACK_MESSAGES } from './community-messages.ts';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from './validation.ts';

/**
 * What is wrong with a FAQ feedback's email, if anything (SPEC.md §5 'FAQ feedback'): required for a
 * dislike and for the weekly-analytics opt-in, optional otherwise, and well-formed when given. The
 * popup checks it before sending and the server's schema with the same rule.
 */
export function faqFeedbackEmailProblem(
  feedbackType: 'like' | 'dislike',
  email: string,
  subscribeToAnalytics: boolean,
): string | null {
  if (email === '') {
    if (feedbackType === 'dislike') return FEEDBACK_MESSAGES.feedbackEmailRequired;
    return subscribeToAnalytics ? FEEDBACK_MESSAGES.feedbackSubscribeEmail : null;
  }
  // Length first: no pattern runs on more than an email's worth of text.
  if (email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email))
    return FEEDBACK_MESSAGES.feedbackEmailInvalid;
  return null;
}
