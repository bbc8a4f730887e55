import { isValidEmail, normalizeEmail } from '#shared/rules/validation.ts';
import type { AccountSettingsReply, EmailChangeResult } from '#shared/schemas/accounts.ts';
import { type FormEvent, useState } from 'react';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { SettingsCard } from '#web/components/ui/settings-card.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { useRequestEmailChange } from '../api/account-settings';
import { PasswordField, TextField } from './fields';

/** What the mailed email-change link came back with (/settings?email=…). */
export const EMAIL_CHANGE_NOTICES: Record<EmailChangeResult, { tone: 'success' | 'error'; text: string }> = {
  changed: {
    tone: 'success',
    text: 'Your email address is changed. Mail about your account now goes to the new address.',
  },
  expired: { tone: 'error', text: 'That confirmation link has expired. Ask for a new one below.' },
  taken: {
    tone: 'error',
    text: 'That email address now belongs to another account, so your email address was not changed.',
  },
  error: {
    tone: 'error',
    text: 'That confirmation link does not work: it was already used, or a newer one replaced it.',
  },
};

/** Change email: the new address confirms through a mailed link; the current one is told. */
export function EmailSection({ settings }: { settings: AccountSettingsReply }) {
  const request = useRequestEmailChange();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const valid = isValidEmail(email);
  const canSubmit = valid && (!settings.hasPassword || password.length > 0) && !request.isPending;

  function submit(event: FormEvent) {
    event.preventDefault();
    setSent(null);
    setError(null);
    if (!canSubmit) return;
    request.mutate(
      { email: normalizeEmail(email), ...(settings.hasPassword ? { password } : {}) },
      {
        onSuccess: (reply) => {
          setSent(reply.message);
          setEmail('');
          setPassword('');
        },
        onError: (err) =>
          setError(err instanceof ApiError ? err.message : 'The link could not be sent. Please try again.'),
      },
    );
  }

  return (
    <SettingsCard
      id="email-title"
      title="Email address"
      description="We mail a confirmation link to the new address; the change happens when you follow it. Your current address is told either way."
    >
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-ink-500">Current email</dt>
          <dd className="mt-0.5 font-medium break-all text-ink-900">{settings.user.email}</dd>
        </div>
        {settings.pendingEmail ? (
          <div>
            <dt className="text-ink-500">Waiting for confirmation</dt>
            <dd className="mt-0.5 font-medium break-all text-ink-900">{settings.pendingEmail}</dd>
          </div>
        ) : null}
      </dl>
      <form onSubmit={submit} noValidate className="mt-6 max-w-lg space-y-5">
        {sent ? (
          <Alert variant="success" onDismiss={() => setSent(null)}>
            {sent}
          </Alert>
        ) : null}
        {error ? (
          <Alert variant="error" onDismiss={() => setError(null)}>
            {error}
          </Alert>
        ) : null}
        <TextField
          label="New email"
          type="email"
          autoComplete="email"
          maxLength={254}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          message={email && !valid ? { tone: 'error', text: 'Please enter a valid email address' } : null}
        />
        {settings.hasPassword ? (
          <PasswordField
            label="Current password"
            hint="To be sure it is you."
            autoComplete="current-password"
            maxLength={128}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        ) : null}
        <Button type="submit" disabled={!canSubmit} loading={request.isPending} loadingText="Sending...">
          Send Confirmation Link
        </Button>
      </form>
    </SettingsCard>
  );
}
