export { ResetPasswordPage } from '#web/features/accounts/components/reset-password-page.tsx';
