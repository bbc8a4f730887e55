import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { ButtonLink } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { MailIcon } from '#web/components/ui/icons.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';

/**
 * SPEC.md §2 Verify-email page: without a token it explains; with one it hands the browser to the
 * server's verification address, which returns to /login with the result in the query.
 */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token');

  // Once only: the link is single-use, and StrictMode runs effects twice in development.
  const sent = useRef(false);
  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    window.location.assign(`/api/auth/verify-email?token=${encodeURIComponent(token)}`);
  }, [token]);

  return (
    <div className="mx-auto max-w-lg px-4 py-16 sm:py-24">
      <title>Email Verification · Futurecast</title>
      <Card padding="lg" className="text-center">
        <div className="mx-auto grid size-14 place-items-center rounded-full bg-brand-50 text-brand-600">
          <MailIcon className="size-7" />
        </div>
        <h1 className="mt-5 text-2xl font-bold tracking-tight text-ink-900">Email Verification</h1>
        {token ? (
          <div className="mt-4 flex items-center justify-center gap-3 text-ink-600">
            <Spinner size="sm" label={null} className="text-brand-600" />
            <p role="status">Verifying your email...</p>
          </div>
        ) : (
          <>
            <p className="mt-3 leading-relaxed text-ink-600">
              Invalid verification link. Please check your email or request a new one.
            </p>
            <ButtonLink to="/login" className="mt-8">
              Go to Login
            </ButtonLink>
          </>
        )}
      </Card>
    </div>
  );
}
