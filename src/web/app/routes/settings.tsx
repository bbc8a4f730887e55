import {
  ACCOUNT_DELETION_MESSAGES,
  EMAIL_CHANGE_RESULTS,
  type EmailChangeResult,
} from '#shared/schemas/accounts.ts';
import { useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button, ButtonLink } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { CheckCircleIcon, MailIcon } from '#web/components/ui/icons.tsx';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useAccountSettings } from '#web/features/accounts/api/account-settings.ts';
import { DeleteAccountSection } from '#web/features/accounts/components/delete-account-section.tsx';
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

/** Where a deleted account's browser lands (signed out by then): what happened, and the way home. */
function AccountDeleted() {
  return (
    <div className="mx-auto max-w-lg px-4 py-16 sm:py-24">
      <title>Account Deleted · Futurecast</title>
      <Card padding="lg" className="text-center">
        <div className="mx-auto grid size-14 place-items-center rounded-full bg-emerald-50 text-emerald-600">
          <CheckCircleIcon className="size-7" />
        </div>
        <h1 className="mt-5 text-2xl font-bold tracking-tight text-ink-900">Account deleted</h1>
        <p role="status" className="mt-3 text-ink-700">
          {ACCOUNT_DELETION_MESSAGES.deleted}. This browser is signed out, and your drafts here are gone.
        </p>
        <ButtonLink to="/" className="mt-6">
          Back to Home
        </ButtonLink>
      </Card>
    </div>
  );
}

/** /settings: the member's own account (docs/decisions/013-account-self-service.md). */
export function SettingsPage() {
  const { status, user } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const param = params.get('email');
  const accountParam = params.get('account');
  // The email-change link's return, read once; the URL is cleaned so a reload doesn't repeat it.
  const [result] = useState(() => (isResult(param) ? param : null));
  // After 'Delete my account' (a full load, signed out): said once, like the email result.
  const [deleted] = useState(() => accountParam === 'deleted');
  useEffect(() => {
    if (param !== null || accountParam !== null) navigate('/settings', { replace: true });
  }, [param, accountParam, navigate]);
  const settings = useAccountSettings(status !== 'anonymous');

  const notice = result ? EMAIL_CHANGE_NOTICES[result] : null;
  const banner = notice ? (
    <Alert variant={notice.tone} className="mt-8">
      {notice.text}
    </Alert>
  ) : null;

  if (deleted && status === 'anonymous') return <AccountDeleted />;

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
          <DeleteAccountSection username={user.username} hasPassword={settings.data.hasPassword} />
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
