import { AccountPage } from '../../features/accounts/components/account-page';

// SPEC.md §2 account page: /login, /signup opens registration, /forgot-password opens the modal
// (docs/decisions/003-web-routes-and-shell.md).
export const LoginPage = () => <AccountPage mode="sign-in" />;
export const SignupPage = () => <AccountPage mode="register" />;
export const ForgotPasswordPage = () => <AccountPage mode="forgot-password" />;
