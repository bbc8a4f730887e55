import { useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { ButtonLink } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ErrorIcon, LockIcon } from '../../components/ui/icons';

/** SPEC.md §2 Reset-password page. The token check and the new-password form arrive with the accounts feature. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');

  return (
    <div className="mx-auto max-w-lg px-4 py-16 sm:py-24">
      <title>Reset Password · Futurecast</title>
      <Card padding="lg" className="text-center">
        {token ? (
          <>
            <div className="mx-auto grid size-14 place-items-center rounded-full bg-brand-50 text-brand-600">
              <LockIcon className="size-7" />
            </div>
            <h1 className="mt-5 text-2xl font-bold tracking-tight text-ink-900">Reset Your Password</h1>
            <Alert variant="info" className="mt-6 text-left">
              Password reset opens together with sign-in. Keep this email: its link will work once it does,
              until it expires.
            </Alert>
            <ButtonLink to="/login" variant="secondary" className="mt-8">
              Back to Login
            </ButtonLink>
          </>
        ) : (
          <>
            <div className="mx-auto grid size-14 place-items-center rounded-full bg-red-50 text-red-600">
              <ErrorIcon className="size-7" />
            </div>
            <h1 className="mt-5 text-2xl font-bold tracking-tight text-ink-900">Invalid Reset Link</h1>
            <p className="mt-3 leading-relaxed text-ink-600">No reset token provided</p>
            <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
              <ButtonLink to="/login" variant="secondary">
                Back to Login
              </ButtonLink>
              <ButtonLink to="/forgot-password">Request New Reset</ButtonLink>
            </div>
          </>
        )}
      </Card>
    </div>
  );
}
