// The deployment's site settings, which the server writes into index.html as <meta> tags from its
// configuration (CONTACT_EMAIL, TELEGRAM_URL, LINKEDIN_URL; src/server/plugins/spa.ts). The
// fallbacks are the server's defaults, for pages served without them (the Vite dev server).

function meta(name: string): string | null {
  if (typeof document === 'undefined') return null;
  return document.querySelector<HTMLMetaElement>(`meta[name="futurecast:${name}"]`)?.content || null;
}

export const site = {
  get contactEmail(): string {
    return (
      meta('contact-email') ?? `hello@${typeof location === 'undefined' ? 'localhost' : location.hostname}`
    );
  },
  get telegramUrl(): string {
    return meta('telegram-url') ?? 'https://t.me/futurecast';
  },
  get linkedinUrl(): string {
    return meta('linkedin-url') ?? 'https://www.linkedin.com/company/futurecast';
  },
};
