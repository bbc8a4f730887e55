export { ResetPasswordPage } from '../../features/accounts/components/reset-password-page';
