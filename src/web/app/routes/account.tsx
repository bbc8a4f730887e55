import { useLocation } from 'react-router';
import { type AccountMode, AccountPage } from '#web/features/accounts/components/account-page.tsx';
import { SinceLastVisit } from '#web/features/notifications/components/since-last-visit.tsx';
import { Dashboard } from '#web/features/predictions/components/dashboard.tsx';
import { MyTrackRecord } from '#web/features/resolution/components/my-track-record.tsx';
import { ResolveButton } from '#web/features/resolution/components/resolve-dialog.tsx';

// SPEC.md §2 account page: /login, /signup opens registration, /forgot-password opens the modal
// (docs/decisions/003-web-routes-and-shell.md).
// A signed-in member sees the predictions dashboard (mode h) on each of them, with the parts other
// features add: what happened since the last visit, resolving (/login?resolve=<id> opens a
// prediction's dialog: the reminder mails link there) and the track record.
const dashboard = (
  <Dashboard
    sinceLastVisit={<SinceLastVisit />}
    resolveAction={(p, { autoOpen }) => <ResolveButton prediction={p} autoOpen={autoOpen} />}
    trackRecord={<MyTrackRecord />}
  />
);

const MODES: Record<string, AccountMode> = { '/signup': 'register', '/forgot-password': 'forgot-password' };

/** '/login//' → '/login', by a scan: a pattern anchored at the end rescans from every slash. */
function withoutTrailingSlashes(path: string): string {
  let end = path.length;
  while (end > 1 && path[end - 1] === '/') end--;
  return path.slice(0, end);
}

/**
 * One component for the three paths, so moving between them (the 'Forgot Password' link and the
 * dialog's close) keeps the page, and the link that opened the dialog gets focus back.
 */
export function AccountRoutePage() {
  const { pathname } = useLocation();
  const mode = MODES[withoutTrailingSlashes(pathname.toLowerCase())] ?? 'sign-in';
  return <AccountPage mode={mode} signedInView={dashboard} />;
}
