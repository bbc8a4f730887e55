import { isValidEmail, normalizeEmail } from '#shared/rules/validation.ts';
import { type FormEvent, useState } from 'react';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { MailIcon, WarningIcon } from '#web/components/ui/icons.tsx';
import { resendVerification } from '../api/resend-verification';
import { UI } from '../messages';
import { TextField } from './fields';

type Notice = { tone: 'success' | 'error' | 'warning' | 'info'; text: string };

/** Sends the verification mail again; resolves with the notice to show. */
async function resend(email: string | null): Promise<Notice> {
  if (!email || !isValidEmail(email)) return { tone: 'error', text: UI.resendEmailRequired };
  try {
    await resendVerification(normalizeEmail(email));
    return { tone: 'success', text: UI.resendSent };
  } catch {
    return { tone: 'error', text: UI.resendFailed };
  }
}

function ScreenIcon({ tone }: { tone: 'brand' | 'warning' }) {
  return tone === 'brand' ? (
    <div className="mx-auto grid size-14 place-items-center rounded-full bg-brand-50 text-brand-600">
      <MailIcon className="size-7" />
    </div>
  ) : (
    <div className="mx-auto grid size-14 place-items-center rounded-full bg-amber-50 text-amber-600">
      <WarningIcon className="size-7" />
    </div>
  );
}

/** SPEC.md §2 mode (c): after registration or a resend. */
export function CheckEmailScreen({
  email,
  notice,
  onBack,
}: {
  email: string;
  notice?: Notice | null;
  onBack: () => void;
}) {
  const [current, setCurrent] = useState<Notice | null>(notice ?? null);
  const [sending, setSending] = useState(false);
  return (
    <div className="text-center">
      <ScreenIcon tone="brand" />
      <h1 className="mt-5 text-3xl font-bold tracking-tight text-ink-900">Check Your Email</h1>
      <p className="mt-3 leading-relaxed text-ink-600">
        We sent a verification link to{' '}
        <strong className="font-semibold break-all text-ink-900">{email}</strong>. Open it to activate your
        account. The link works once and expires in 24 hours.
      </p>
      {current ? (
        <Alert variant={current.tone} className="mt-6 text-left">
          {current.text}
        </Alert>
      ) : null}
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <Button
          size="lg"
          loading={sending}
          loadingText="Sending..."
          onClick={async () => {
            setSending(true);
            setCurrent(await resend(email));
            setSending(false);
          }}
        >
          Resend Email
        </Button>
        <Button size="lg" variant="secondary" onClick={onBack}>
          Back to Login
        </Button>
      </div>
    </div>
  );
}

/** SPEC.md §2 mode (d): an unverified sign-in, or an expired or failed verification link. */
export function VerificationRequiredScreen({
  email: knownEmail,
  message,
  onSent,
  onBack,
}: {
  email: string | null;
  message: string;
  onSent: (email: string, notice: Notice) => void;
  onBack: () => void;
}) {
  const [email, setEmail] = useState(knownEmail ?? '');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setSending(true);
    const notice = await resend(email.trim() || null);
    setSending(false);
    if (notice.tone === 'success') onSent(normalizeEmail(email), notice);
    else setError(notice.text);
  }

  return (
    <div className="text-center">
      <ScreenIcon tone="warning" />
      <h1 className="mt-5 text-3xl font-bold tracking-tight text-ink-900">Email Verification Required</h1>
      <Alert variant="warning" className="mt-6 text-left">
        {message}
      </Alert>
      <form className="mt-6 text-left" onSubmit={submit} noValidate>
        {knownEmail ? (
          <p className="text-center text-sm text-ink-600">
            We will send a new link to{' '}
            <strong className="font-semibold break-all text-ink-900">{knownEmail}</strong>.
          </p>
        ) : (
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            maxLength={254}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        )}
        {error ? (
          <Alert variant="error" className="mt-4">
            {error}
          </Alert>
        ) : null}
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Button type="submit" size="lg" loading={sending} loadingText="Sending...">
            Resend Verification Email
          </Button>
          <Button size="lg" variant="secondary" onClick={onBack}>
            Back to Login
          </Button>
        </div>
      </form>
    </div>
  );
}
