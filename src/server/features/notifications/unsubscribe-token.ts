import { memberLinkToken } from '#server/mail/member-link-token.ts';

// The digest's unsubscribe link: every digest's link works until it expires.
const token = memberLinkToken('futurecast/digest-unsubscribe/v1');
export const signUnsubscribeToken = token.sign;
export const verifyUnsubscribeToken = token.verify;
