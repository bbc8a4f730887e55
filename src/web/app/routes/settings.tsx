import { EMAIL_CHANGE_RESULTS, type EmailChangeResult } from '#shared/schemas/accounts.ts';
import { useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button, ButtonLink } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { MailIcon } from '#web/components/ui/icons.tsx';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useAccountSettings } from '#web/features/accounts/api/account-settings.ts';
import { EMAIL_CHANGE_NOTICES, EmailSection } from '#web/features/accounts/components/email-section.tsx';
import { ExportSection } from '#web/features/accounts/components/export-section.tsx';
import { PasswordSection } from '#web/features/accounts/components/password-section.tsx';
import { DigestSection } from '#web/features/notifications/components/digest-section.tsx';
import { RemindersSection } from '#web/features/resolution/components/reminders-section.tsx';
import { useAuth } from '#web/app/auth-provider.tsx';

export { UnsubscribePage } from '#web/features/notifications/components/unsubscribe-page.tsx';

const isResult = (v: string | null): v is EmailChangeResult =>
  EMAIL_CHANGE_RESULTS.includes(v as EmailChangeResult);

function Loading() {
  return (
    <div className="grid min-h-96 place-items-center text-brand-600">
      <Spinner label="Loading your settings..." />
    </div>
  );
}

/** /settings: the member's own account (docs/decisions/013-account-self-service.md). */
export function SettingsPage() {
  const { status, user } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const param = params.get('email');
  // The email-change link's return, read once; the URL is cleaned so a reload doesn't repeat it.
  const [result] = useState(() => (isResult(param) ? param : null));
  useEffect(() => {
    if (param !== null) navigate('/settings', { replace: true });
  }, [param, navigate]);
  const settings = useAccountSettings(status !== 'anonymous');

  const notice = result ? EMAIL_CHANGE_NOTICES[result] : null;
  const banner = notice ? (
    <Alert variant={notice.tone} className="mt-8">
      {notice.text}
    </Alert>
  ) : null;

  if (status === 'anonymous') {
    // The link may be followed in a browser where the member isn't signed in: say what happened.
    if (!banner) return <Navigate to="/login" replace />;
    return (
      <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
        <title>Settings · Futurecast</title>
        <PageHeader eyebrow="My Account" title="Settings" />
        {banner}
        <ButtonLink to="/login" className="mt-6">
          Sign In
        </ButtonLink>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <title>Settings · Futurecast</title>
      <PageHeader
        eyebrow="My Account"
        title="Settings"
        description="Your password, email address, notifications and data."
        actions={
          <ButtonLink to="/login" variant="secondary">
            Back to Dashboard
          </ButtonLink>
        }
      />
      {banner}
      {status === 'loading' || settings.isPending ? (
        <Loading />
      ) : settings.isError || !user ? (
        <Alert
          variant="error"
          className="mt-8"
          actions={
            <Button size="sm" variant="secondary" onClick={() => void settings.refetch()}>
              Try Again
            </Button>
          }
        >
          Your settings could not be loaded.
        </Alert>
      ) : (
        <div className="mt-8 space-y-6">
          <PasswordSection hasPassword={settings.data.hasPassword} />
          <EmailSection settings={settings.data} />
          <DigestSection />
          <RemindersSection />
          <ExportSection username={user.username} />
          {/* Delete my account goes here, once prediction deletion that keeps counts, hot scores,
              rollups and analytics exact has landed (issue 27: built on issue 25's deletion). */}
        </div>
      )}
    </div>
  );
}

/** The mailed email-change link (/confirm-email?token=…): handed to the server, like verify-email. */
export function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  // Once only: the link is single-use, and StrictMode runs effects twice in development.
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    window.location.assign(`/api/account/confirm-email?token=${encodeURIComponent(token ?? '')}`);
  }, [token]);
  return (
    <div className="mx-auto max-w-lg px-4 py-16 sm:py-24">
      <title>Confirm Email · Futurecast</title>
      <Card padding="lg" className="text-center">
        <div className="mx-auto grid size-14 place-items-center rounded-full bg-brand-50 text-brand-600">
          <MailIcon className="size-7" />
        </div>
        <h1 className="mt-5 text-2xl font-bold tracking-tight text-ink-900">Confirming your email</h1>
        <div className="mt-4 flex items-center justify-center gap-3 text-ink-600">
          <Spinner size="sm" label={null} className="text-brand-600" />
          <p role="status">Confirming your new email address...</p>
        </div>
      </Card>
    </div>
  );
}
