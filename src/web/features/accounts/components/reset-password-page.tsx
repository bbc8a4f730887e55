import { meetsResetRule, PASSWORD_MESSAGES } from '#shared/rules/password.ts';
import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button, ButtonLink } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { ErrorIcon } from '#web/components/ui/icons.tsx';
import { LockIcon } from '#web/components/ui/page-icons.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { resetPassword, verifyResetToken } from '../api/reset-password';
import { UI } from '../messages';
import { NewPasswordFields } from './new-password-fields';

/** SPEC.md §9: the redirect to /login waits 2 s after a successful reset. */
const RESET_REDIRECT_MS = 2000;

type Check = { state: 'pending' } | { state: 'valid' } | { state: 'invalid'; message: string };

function InvalidLink({ message }: { message: string }) {
  return (
    <div className="text-center">
      <div className="mx-auto grid size-14 place-items-center rounded-full bg-red-50 text-red-600">
        <ErrorIcon className="size-7" />
      </div>
      <h1 className="mt-5 text-2xl font-bold tracking-tight text-ink-900">Invalid Reset Link</h1>
      <p className="mt-3 leading-relaxed text-ink-600">{message}</p>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <ButtonLink to="/login" variant="secondary">
          Back to Login
        </ButtonLink>
        <ButtonLink to="/forgot-password">Request New Reset</ButtonLink>
      </div>
    </div>
  );
}

/** SPEC.md §2 'Reset-password page' and §4 'Reset page'. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const navigate = useNavigate();
  const [check, setCheck] = useState<Check>(
    token ? { state: 'pending' } : { state: 'invalid', message: UI.resetNoToken },
  );
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    verifyResetToken(token, controller.signal).then(
      () => setCheck({ state: 'valid' }),
      (err) => {
        if (controller.signal.aborted) return;
        const invalid = err instanceof ApiError && err.status >= 400 && err.status < 500;
        setCheck({ state: 'invalid', message: invalid ? UI.resetInvalid : UI.resetCheckFailed });
      },
    );
    return () => controller.abort();
  }, [token]);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate('/login?reset=success', { replace: true }), RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const rulesMet = meetsResetRule(password);
  const matches = confirm.length > 0 && password === confirm;
  const canSubmit = rulesMet && matches && !busy && !done;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!rulesMet) return setError(PASSWORD_MESSAGES.resetInvalid);
    if (!matches) return setError(PASSWORD_MESSAGES.mismatch);
    if (!token) return;
    setBusy(true);
    try {
      await resetPassword(token, password);
      setDone(true);
    } catch (err) {
      if (err instanceof ApiError && err.isNetworkError) setError(UI.resetNetwork);
      else if (err instanceof ApiError) setError(err.message || UI.resetFailed);
      else setError(UI.resetFailed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mx-auto max-w-lg px-4 py-16 sm:py-24">
      <title>Reset Password · Futurecast</title>
      <Card padding="lg">
        {check.state === 'pending' ? (
          <div className="flex items-center justify-center gap-3 py-10 text-ink-600">
            <Spinner size="sm" label={null} className="text-brand-600" />
            <p role="status">Verifying reset link...</p>
          </div>
        ) : null}
        {check.state === 'invalid' ? <InvalidLink message={check.message} /> : null}
        {check.state === 'valid' ? (
          <div>
            <div className="mx-auto grid size-14 place-items-center rounded-full bg-brand-50 text-brand-600">
              <LockIcon className="size-7" />
            </div>
            <h1 className="mt-5 text-center text-2xl font-bold tracking-tight text-ink-900">
              Reset Your Password
            </h1>
            <p className="mt-2 text-center text-ink-600">Choose a new password for your account.</p>
            {done ? (
              <Alert variant="success" className="mt-6">
                {UI.resetDone}
              </Alert>
            ) : null}
            {error ? (
              <Alert variant="error" className="mt-6" onDismiss={() => setError(null)}>
                {error}
              </Alert>
            ) : null}
            <form className="mt-6 space-y-5" onSubmit={submit} noValidate>
              <NewPasswordFields
                password={password}
                confirm={confirm}
                onPasswordChange={setPassword}
                onConfirmChange={setConfirm}
              />
              <Button
                type="submit"
                size="lg"
                fullWidth
                disabled={!canSubmit}
                loading={busy}
                loadingText="Updating..."
              >
                Update Password
              </Button>
            </form>
          </div>
        ) : null}
      </Card>
    </div>
  );
}
