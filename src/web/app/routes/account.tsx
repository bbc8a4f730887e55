import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button, ButtonLink } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ChartIcon, ListIcon, SparklesIcon, TargetIcon, TrendIcon } from '../../components/ui/icons';
import { Modal, ModalClose } from '../../components/ui/modal';
import { PageHeader } from '../../components/ui/page-header';
import { useAuth } from '../auth-provider';

/**
 * The account page of SPEC.md §2 (/login). /signup opens it in registration mode and /forgot-password
 * with the forgot-password modal open (docs/decisions/003-web-routes-and-shell.md).
 */
type Mode = 'sign-in' | 'register' | 'forgot-password';

const BENEFITS = [
  { icon: SparklesIcon, text: 'A quality score and concrete advice for every prediction' },
  { icon: TargetIcon, text: 'A reliability score that grows with specific, measurable predictions' },
  { icon: TrendIcon, text: 'Like, dislike and discuss the community’s predictions' },
];

const linkClass = 'font-semibold text-brand-700 underline-offset-4 hover:underline';

function BrandPanel() {
  return (
    <div className="relative isolate hidden overflow-hidden rounded-3xl bg-brand-950 p-10 text-white lg:flex lg:flex-col lg:justify-between">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top_left,var(--color-accent-700),transparent_60%)]"
      />
      <div>
        <p className="text-sm font-semibold tracking-wide text-brand-200 uppercase">Futurecast account</p>
        <p className="mt-4 text-3xl font-bold tracking-tight text-balance">
          Your predictions, on the record.
        </p>
      </div>
      <ul className="mt-10 space-y-5">
        {BENEFITS.map(({ icon: Icon, text }) => (
          <li key={text} className="flex gap-3 text-brand-100">
            <Icon className="mt-0.5 size-5 shrink-0 text-accent-300" />
            <span>{text}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function SignedOutAccount({ mode }: { mode: Mode }) {
  const navigate = useNavigate();
  const registering = mode === 'register';
  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:px-6 sm:py-16 lg:grid-cols-2">
      <BrandPanel />
      <Card padding="lg" className="self-start">
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
          {registering ? 'Step 1 of 3' : 'Welcome back'}
        </p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-ink-900">
          {registering ? 'Join the Vision' : 'Sign In'}
        </h1>
        <p className="mt-2 text-base leading-relaxed text-ink-600">
          {registering
            ? 'Create a free account to publish predictions, keep private ones, and follow your reliability score.'
            : 'Sign in with your email or username to publish predictions, vote and join the discussion.'}
        </p>
        <Alert variant="info" className="mt-6" title="Accounts are opening soon">
          Sign-in and registration are being switched on. Until then you can browse the home page and the
          public analytics.
        </Alert>
        <div className="mt-8 flex flex-col gap-3 border-t border-ink-100 pt-6 text-sm text-ink-600">
          {registering ? (
            <p>
              Already have an account?{' '}
              <Link to="/login" className={linkClass}>
                Sign in
              </Link>
            </p>
          ) : (
            <>
              <p>
                New to predictions?{' '}
                <Link to="/signup" className={linkClass}>
                  Create account
                </Link>
              </p>
              <p>
                <Link to="/forgot-password" className={linkClass}>
                  Forgot Password
                </Link>
              </p>
            </>
          )}
        </div>
      </Card>
      <Modal
        open={mode === 'forgot-password'}
        onOpenChange={(open) => {
          if (!open) navigate('/login', { replace: true });
        }}
        title="Forgot Password"
        description="Resetting a password by email opens together with sign-in. You will get a link to choose a new password."
        footer={
          <ModalClose asChild>
            <Button variant="secondary">Back to Sign In</Button>
          </ModalClose>
        }
      />
    </div>
  );
}

function formatMemberSince(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? '—'
    : date.toLocaleDateString('en-US', { month: 'long', year: 'numeric' });
}

function SignedInAccount() {
  const { user, logout } = useAuth();
  const [leaving, setLeaving] = useState(false);
  if (!user) return null;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <PageHeader
        eyebrow="My Account"
        title={`Welcome back, ${user.username}`}
        description="Your predictions, their analysis and your reliability, in one place."
        actions={
          <>
            <ButtonLink to="/submit">Add New</ButtonLink>
            <Button
              variant="secondary"
              loading={leaving}
              onClick={() => {
                setLeaving(true);
                // From the account page, logout lands on the home page (SPEC.md §2).
                void logout('/');
              }}
            >
              Logout
            </Button>
          </>
        }
      />
      <div className="mt-10 grid gap-6 lg:grid-cols-3">
        <Card as="section" aria-labelledby="profile-title" className="lg:col-span-1">
          <h2 id="profile-title" className="text-base font-semibold text-ink-900">
            Profile
          </h2>
          <dl className="mt-4 space-y-4 text-sm">
            <div>
              <dt className="text-ink-500">Username</dt>
              <dd className="mt-0.5 font-medium text-ink-900">{user.username}</dd>
            </div>
            <div>
              <dt className="text-ink-500">Email</dt>
              <dd className="mt-0.5 flex flex-wrap items-center gap-2 font-medium break-all text-ink-900">
                {user.email}
                {user.email_verified ? (
                  <Badge variant="success">Verified</Badge>
                ) : (
                  <Badge variant="warning">Not verified</Badge>
                )}
              </dd>
            </div>
            <div>
              <dt className="text-ink-500">Member Since</dt>
              <dd className="mt-0.5 font-medium text-ink-900">{formatMemberSince(user.created_at)}</dd>
            </div>
            {user.is_demo ? (
              <div>
                <dt className="sr-only">Account type</dt>
                <dd>
                  <Badge variant="brand">Demo account</Badge>
                </dd>
              </div>
            ) : null}
          </dl>
        </Card>
        <Card as="section" aria-labelledby="shortcuts-title" className="lg:col-span-2">
          <h2 id="shortcuts-title" className="text-base font-semibold text-ink-900">
            Quick actions
          </h2>
          <ul className="mt-4 grid gap-3 sm:grid-cols-3">
            {[
              { to: '/submit', icon: SparklesIcon, label: 'Create a prediction' },
              { to: '/my-predictions', icon: ListIcon, label: 'View my predictions' },
              { to: '/analytics', icon: ChartIcon, label: 'View analytics' },
            ].map(({ to, icon: Icon, label }) => (
              <li key={to}>
                <Link
                  to={to}
                  className="flex h-full flex-col gap-3 rounded-xl p-4 ring-1 ring-ink-200 transition hover:bg-brand-50 hover:ring-brand-200"
                >
                  <Icon className="size-6 text-brand-600" />
                  <span className="text-sm font-semibold text-ink-900">{label}</span>
                </Link>
              </li>
            ))}
          </ul>
        </Card>
      </div>
    </div>
  );
}

function AccountPage({ mode }: { mode: Mode }) {
  const { status } = useAuth();
  if (status === 'authenticated') {
    return (
      <>
        <title>My Account · Futurecast</title>
        <SignedInAccount />
      </>
    );
  }
  const titles: Record<Mode, string> = {
    'sign-in': 'Sign In · Futurecast',
    register: 'Create Account · Futurecast',
    'forgot-password': 'Forgot Password · Futurecast',
  };
  return (
    <>
      <title>{titles[mode]}</title>
      <SignedOutAccount mode={mode} />
    </>
  );
}

export const LoginPage = () => <AccountPage mode="sign-in" />;
export const SignupPage = () => <AccountPage mode="register" />;
export const ForgotPasswordPage = () => <AccountPage mode="forgot-password" />;
