import { newActivityPhrase } from '#shared/rules/activity.ts';
import { countOf } from '#shared/rules/numbers.ts';

// The account mails: plain text first, a small HTML twin. Links always start with PUBLIC_URL.

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

function html(title: string, intro: string, button: string, link: string, outro: string): string {
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a;max-width:560px;margin:auto;padding:24px">
<h1 style="font-size:20px">${escapeHtml(title)}</h1>
<p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#4f46e5;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">${escapeHtml(button)}</a></p>
<p style="font-size:13px;color:#475569">Or paste this address into your browser:<br>${escapeHtml(link)}</p>
<p style="font-size:13px;color:#475569">${escapeHtml(outro)}</p>
</body></html>`;
}

export function verificationMail(username: string, link: string) {
  const intro = `Hi ${username}, welcome to Futurecast! Confirm your email address to activate your account.`;
  const outro = "This link works once and expires in 24 hours. If you didn't sign up, ignore this email.";
  return {
    subject: 'Verify your Futurecast email address',
    text: `${intro}\n\n${link}\n\n${outro}\n`,
    html: html('Verify your email address', intro, 'Verify Email', link, outro),
    link,
  };
}

export function resetMail(username: string, link: string) {
  const intro = `Hi ${username}, someone (hopefully you) asked to reset the password of your Futurecast account.`;
  const outro =
    "This link works once and expires in 30 minutes. If you didn't ask for it, ignore this email: your password stays the same.";
  return {
    subject: 'Reset your Futurecast password',
    text: `${intro}\n\n${link}\n\n${outro}\n`,
    html: html('Reset your password', intro, 'Reset Password', link, outro),
    link,
  };
}

/** A notice without a one-time link: `link` points at the settings page, where the member can act. */
function notice(subject: string, title: string, intro: string, button: string, link: string, outro: string) {
  return {
    subject,
    text: `${intro}\n\n${button}: ${link}\n\n${outro}\n`,
    html: html(title, intro, button, link, outro),
    link,
  };
}

export function emailChangeConfirmMail(username: string, newEmail: string, link: string) {
  const intro = `Hi ${username}, you asked to use ${newEmail} for your Futurecast account. Confirm it to make the change.`;
  const outro =
    "This link works once and expires in 24 hours. Until you follow it, your account keeps its current address. If you didn't ask for this, ignore this email.";
  return {
    subject: 'Confirm your new Futurecast email address',
    text: `${intro}\n\n${link}\n\n${outro}\n`,
    html: html('Confirm your new email address', intro, 'Confirm Email', link, outro),
    link,
  };
}

/** To the current address when a change to another one is asked for. */
export function emailChangeRequestedMail(username: string, newEmail: string, settingsLink: string) {
  return notice(
    'Your Futurecast email address is about to change',
    'Email change requested',
    `Hi ${username}, someone signed in to your Futurecast account asked to change its email address to ${newEmail}. It changes only once that address confirms it.`,
    'Review your account',
    settingsLink,
    "If this wasn't you, change your password now: that signs out every other session and cancels the change.",
  );
}

/** To the previous address once the change took effect. */
export function emailChangedMail(username: string, newEmail: string, settingsLink: string, contact: string) {
  return notice(
    'Your Futurecast email address was changed',
    'Email address changed',
    `Hi ${username}, your Futurecast account now uses ${newEmail}. Mail about your account goes there from now on.`,
    'Review your account',
    settingsLink,
    `If this wasn't you, write to ${contact} at once: the account's mail now goes to the new address.`,
  );
}

export function passwordChangedMail(username: string, settingsLink: string) {
  return notice(
    'Your Futurecast password was changed',
    'Password changed',
    `Hi ${username}, the password of your Futurecast account was just changed, and every other session was signed out.`,
    'Review your account',
    settingsLink,
    "If this wasn't you, use 'Forgot Password' on the sign-in page to choose a new one at once.",
  );
}

export interface DigestContent {
  username: string;
  /** Start of the window, as a date the member reads ('12 March'). */
  since: string;
  likes: number;
  comments: number;
  predictions: { text: string; likes: number; comments: number }[];
  latestComments: { username: string; text: string }[];
  dashboardLink: string;
  unsubscribeLink: string;
}

const excerpt = (s: string, max = 140) => (s.length > max ? `${s.slice(0, max - 1).trimEnd()}…` : s);

/** The daily digest of new likes and comments; its unsubscribe link works without signing in. */
export function digestMail(d: DigestContent) {
  const summary = newActivityPhrase(d.likes, d.comments);
  const intro = `Hi ${d.username}, since ${d.since} your predictions got ${summary}.`;
  const predictionLines = d.predictions.map(
    (p) => `“${excerpt(p.text)}”: ${countOf(p.likes, 'like')}, ${countOf(p.comments, 'comment')}`,
  );
  const commentLines = d.latestComments.map((c) => `${c.username}: “${excerpt(c.text)}”`);
  const outro = 'You get this email because you turned on the daily digest in your Futurecast settings.';
  const text = [
    intro,
    '',
    ...predictionLines.map((l) => `- ${l}`),
    ...(commentLines.length ? ['', 'Latest comments:', ...commentLines.map((l) => `- ${l}`)] : []),
    '',
    `Your dashboard: ${d.dashboardLink}`,
    '',
    outro,
    `Unsubscribe: ${d.unsubscribeLink}`,
    '',
  ].join('\n');
  const list = (items: string[]) =>
    items.length ? `<ul>${items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>` : '';
  const htmlBody = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a;max-width:560px;margin:auto;padding:24px">
<h1 style="font-size:20px">${escapeHtml(summary[0]?.toUpperCase() + summary.slice(1))}</h1>
<p>${escapeHtml(intro)}</p>
${list(predictionLines)}
${commentLines.length ? `<p><strong>Latest comments</strong></p>${list(commentLines)}` : ''}
<p><a href="${escapeHtml(d.dashboardLink)}" style="display:inline-block;background:#4f46e5;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">Open your dashboard</a></p>
<p style="font-size:13px;color:#475569">${escapeHtml(outro)} <a href="${escapeHtml(d.unsubscribeLink)}">Unsubscribe</a></p>
</body></html>`;
  return {
    subject: `Futurecast: ${summary} on your predictions`,
    text,
    html: htmlBody,
    link: d.dashboardLink,
  };
}

export interface ResolutionReminderContent {
  username: string;
  text: string;
  /** The resolve-by day, as the member reads it ('31 December 2027'). */
  dueDay: string;
  resolveLink: string;
  optOutLink: string;
}

/** A prediction fell due: one mail, with a link straight to its resolve dialog. */
export function resolutionReminderMail(d: ResolutionReminderContent) {
  const intro = `Hi ${d.username}, your prediction was due on ${d.dueDay}. Did it come true?`;
  const quote = `“${excerpt(d.text, 300)}”`;
  const outro =
    'Resolving it takes two clicks and builds your track record. You get this email once per prediction, when it falls due.';
  const text = [
    intro,
    '',
    quote,
    '',
    `Resolve it: ${d.resolveLink}`,
    '',
    outro,
    `Stop these reminders: ${d.optOutLink}`,
    '',
  ].join('\n');
  const htmlBody = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a;max-width:560px;margin:auto;padding:24px">
<h1 style="font-size:20px">Your prediction is due for resolution</h1>
<p>${escapeHtml(intro)}</p>
<blockquote style="margin:16px 0;padding:12px 16px;border-left:4px solid #4f46e5;background:#f8fafc">${escapeHtml(quote)}</blockquote>
<p><a href="${escapeHtml(d.resolveLink)}" style="display:inline-block;background:#4f46e5;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">Resolve it</a></p>
<p style="font-size:13px;color:#475569">${escapeHtml(outro)} <a href="${escapeHtml(d.optOutLink)}">Stop these reminders</a></p>
</body></html>`;
  return {
    subject: 'Futurecast: your prediction is due for resolution',
    text,
    html: htmlBody,
    link: d.resolveLink,
  };
}
