import 'altcha/external';
import 'altcha/altcha.css';
import type {} from 'altcha/types/react';
import './captcha.css';
import type { AuthConfigReply } from '#shared/schemas/accounts.ts';
import ShaWorker from 'altcha/workers/sha?worker';
import { useEffect, useRef, useState } from 'react';
import { FieldStatus, type FieldMessage } from './fields';
import { loadScript } from './load-script';

// The sign-in captcha (SPEC.md §4 'Captcha', §8). ALTCHA by default: the widget fetches a challenge
// from /api/captcha/challenge and solves it in a Web Worker. Its "external" build keeps styles in a
// stylesheet and workers in their own files, so it runs under script-src/style-src 'self'.
// Registered per algorithm; our server only issues SHA-256 challenges.
if (!globalThis.$altcha.algorithms.has('SHA-256')) {
  globalThis.$altcha.algorithms.set('SHA-256', () => new ShaWorker());
}

export const CAPTCHA_MESSAGES = {
  verified: 'Security verification completed',
  expired: 'CAPTCHA expired, please verify again',
  error: 'CAPTCHA failed, please try again',
  loginFailed: 'CAPTCHA verification failed, please try again',
} as const;

type CaptchaConfig = AuthConfigReply['captcha'];

export interface CaptchaProps {
  config: CaptchaConfig;
  /** The answer to send with the login (or null when there is none, or it expired). */
  onChange: (token: string | null) => void;
  /** Changing it resets the widget (after a login error: SPEC.md §8). */
  resetKey: number;
  /** A message from outside, e.g. after the server refused the answer. */
  externalMessage?: string | null;
}

export function Captcha({ config, onChange, resetKey, externalMessage }: CaptchaProps) {
  const [message, setMessage] = useState<FieldMessage | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const report = (token: string | null, next: FieldMessage | null) => {
    onChangeRef.current(token);
    setMessage(next);
  };

  useEffect(() => {
    if (externalMessage) setMessage({ tone: 'error', text: externalMessage });
  }, [externalMessage]);

  return (
    <div>
      {config.provider === 'altcha' ? (
        <AltchaWidget resetKey={resetKey} report={report} />
      ) : (
        <ThirdPartyWidget config={config} resetKey={resetKey} report={report} />
      )}
      <FieldStatus id="captcha-status" message={message} />
    </div>
  );
}

type Report = (token: string | null, message: FieldMessage | null) => void;

function AltchaWidget({ resetKey, report }: { resetKey: number; report: Report }) {
  const ref = useRef<HTMLElement & { reset?: () => void }>(null);
  const reportRef = useRef(report);
  reportRef.current = report;

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const onState = (event: Event) => {
      const { state, payload } = (event as CustomEvent<{ state: string; payload?: string }>).detail;
      if (state === 'verified' && payload)
        reportRef.current(payload, { tone: 'success', text: CAPTCHA_MESSAGES.verified });
      else if (state === 'expired')
        reportRef.current(null, { tone: 'error', text: CAPTCHA_MESSAGES.expired });
      else if (state === 'error') reportRef.current(null, { tone: 'error', text: CAPTCHA_MESSAGES.error });
      else if (state === 'unverified') reportRef.current(null, null);
    };
    el.addEventListener('statechange', onState);
    return () => el.removeEventListener('statechange', onState);
  }, []);

  useEffect(() => {
    if (resetKey > 0) ref.current?.reset?.();
  }, [resetKey]);

  return (
    <div className="captcha-altcha">
      <altcha-widget ref={ref} challenge="/api/captcha/challenge" name="captcha" />
    </div>
  );
}

interface ExplicitApi {
  render: (el: HTMLElement, options: Record<string, unknown>) => string | number;
  reset: (id?: string | number) => void;
}

const PROVIDERS: Record<Exclude<CaptchaConfig['provider'], 'altcha'>, { src: string; global: string }> = {
  turnstile: {
    src: 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit',
    global: 'turnstile',
  },
  hcaptcha: { src: 'https://js.hcaptcha.com/1/api.js?render=explicit', global: 'hcaptcha' },
  recaptcha: { src: 'https://www.google.com/recaptcha/api.js?render=explicit', global: 'grecaptcha' },
};

async function providerApi(global: string): Promise<ExplicitApi> {
  // The scripts define their global a little after onload on slow connections.
  for (let i = 0; i < 100; i++) {
    const api = (window as unknown as Record<string, ExplicitApi | undefined>)[global];
    if (api?.render) return api;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${global} did not load`);
}

function ThirdPartyWidget({
  config,
  resetKey,
  report,
}: {
  config: CaptchaConfig;
  resetKey: number;
  report: Report;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const widget = useRef<{ api: ExplicitApi; id: string | number } | null>(null);
  const reportRef = useRef(report);
  reportRef.current = report;

  useEffect(() => {
    if (config.provider === 'altcha' || !config.siteKey) return;
    const { src, global } = PROVIDERS[config.provider];
    let cancelled = false;
    loadScript(src)
      .then(() => providerApi(global))
      .then((api) => {
        if (cancelled || !ref.current || widget.current) return;
        const id = api.render(ref.current, {
          sitekey: config.siteKey,
          callback: (token: string) =>
            reportRef.current(token, { tone: 'success', text: CAPTCHA_MESSAGES.verified }),
          'expired-callback': () =>
            reportRef.current(null, { tone: 'error', text: CAPTCHA_MESSAGES.expired }),
          'error-callback': () => reportRef.current(null, { tone: 'error', text: CAPTCHA_MESSAGES.error }),
        });
        widget.current = { api, id };
      })
      .catch(() => reportRef.current(null, { tone: 'error', text: CAPTCHA_MESSAGES.error }));
    return () => {
      cancelled = true;
    };
  }, [config.provider, config.siteKey]);

  useEffect(() => {
    if (resetKey > 0 && widget.current) widget.current.api.reset(widget.current.id);
  }, [resetKey]);

  return <div ref={ref} className="min-h-16" />;
}
