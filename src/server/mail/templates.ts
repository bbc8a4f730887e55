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
