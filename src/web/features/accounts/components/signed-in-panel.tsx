import { useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ChartIcon, ListIcon, SparklesIcon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/page-header';
import { useAuth } from '../../../app/auth-provider';

function formatMemberSince(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? '—'
    : date.toLocaleDateString('en-US', { month: 'long', year: 'numeric' });
}

/**
 * The signed-in account page until the dashboard (SPEC.md §2 mode (h), the predictions issue)
 * replaces it: the greeting, the profile and Logout, and no made-up numbers.
 */
export function SignedInPanel() {
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
