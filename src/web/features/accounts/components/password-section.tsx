import { meetsResetRule } from '#shared/rules/password.ts';
import { ACCOUNT_MESSAGES } from '#shared/schemas/accounts.ts';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { SettingsCard } from '#web/components/ui/settings-card.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { useChangePassword } from '../api/account-settings';
import { PasswordField } from './fields';
import { NewPasswordFields } from './new-password-fields';

const failure = (err: unknown) =>
  err instanceof ApiError ? err.message : 'The password could not be changed. Please try again.';

/** Change password: the current one, a new one (the reset rule), confirmed. */
export function PasswordSection({ hasPassword }: { hasPassword: boolean }) {
  const change = useChangePassword();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const matches = confirm.length > 0 && next === confirm;
  const canSubmit = current.length > 0 && meetsResetRule(next) && matches && !change.isPending;

  function submit(event: FormEvent) {
    event.preventDefault();
    setDone(null);
    setError(null);
    if (!canSubmit) return;
    change.mutate(
      { currentPassword: current, newPassword: next },
      {
        onSuccess: (reply) => {
          setDone(reply.message);
          setCurrent('');
          setNext('');
          setConfirm('');
        },
        onError: (err) => setError(failure(err)),
      },
    );
  }

  return (
    <SettingsCard
      id="password-title"
      title="Password"
      description="Changing it signs you out on every other device and browser; this one stays signed in."
    >
      {hasPassword ? (
        <form onSubmit={submit} noValidate className="max-w-lg space-y-5">
          {done ? (
            <Alert variant="success" onDismiss={() => setDone(null)}>
              {done}
            </Alert>
          ) : null}
          {error ? (
            <Alert variant="error" onDismiss={() => setError(null)}>
              {error}
            </Alert>
          ) : null}
          <PasswordField
            label="Current password"
            autoComplete="current-password"
            maxLength={128}
            value={current}
            onChange={(e) => setCurrent(e.target.value)}
          />
          <NewPasswordFields
            password={next}
            confirm={confirm}
            onPasswordChange={setNext}
            onConfirmChange={setConfirm}
            passwordMessage={
              next && current && next === current
                ? { tone: 'error', text: ACCOUNT_MESSAGES.passwordSame }
                : null
            }
          />
          <Button type="submit" disabled={!canSubmit} loading={change.isPending} loadingText="Changing...">
            Change Password
          </Button>
        </form>
      ) : (
        <p className="text-sm text-ink-700">
          Your account signs in with Google and has no password yet. To add one, use{' '}
          <Link
            to="/forgot-password"
            className="font-semibold text-brand-700 underline-offset-4 hover:underline"
          >
            Forgot Password
          </Link>
          : the link we mail you lets you choose it.
        </p>
      )}
    </SettingsCard>
  );
}
