import { AccountPage } from '#web/features/accounts/components/account-page.tsx';
import { SinceLastVisit } from '#web/features/notifications/components/since-last-visit.tsx';
import { Dashboard } from '#web/features/predictions/components/dashboard.tsx';

// SPEC.md §2 account page: /login, /signup opens registration, /forgot-password opens the modal
// (docs/decisions/003-web-routes-and-shell.md).
// A signed-in member sees the predictions dashboard (mode h) on each of them.
const dashboard = <Dashboard sinceLastVisit={<SinceLastVisit />} />;
export const LoginPage = () => <AccountPage mode="sign-in" signedInView={dashboard} />;
export const SignupPage = () => <AccountPage mode="register" signedInView={dashboard} />;
export const ForgotPasswordPage = () => <AccountPage mode="forgot-password" signedInView={dashboard} />;
