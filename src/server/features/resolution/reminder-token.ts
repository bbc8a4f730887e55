import { memberLinkToken } from '#server/mail/member-link-token.ts';

// The reminder mail's opt-out link; its purpose keeps it apart from the digest's unsubscribe token.
const token = memberLinkToken('futurecast/resolution-reminder-opt-out/v1');
export const signOptOutToken = token.sign;
export const verifyOptOutToken = token.verify;
