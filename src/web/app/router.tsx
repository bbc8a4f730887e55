import { type ComponentType, lazy } from 'react';
import { Route, Routes } from 'react-router';
import { HOME_FIRST_READS } from '#shared/rules/home-reads';
import { startEarlyRequests } from '../lib/early-requests';
import { trackPageLoad } from './page-loading';
import { RootLayout } from './root-layout';

/**
 * Every page is a lazy chunk, so the home page never ships account, analytics or chart code. The
 * routes are declarative (`<Routes>`), not a data router: we use no loaders or actions, and
 * `createBrowserRouter` alone costs ~17 KB gzipped of the home page's budget
 * (docs/decisions/003-web-routes-and-shell.md).
 */
const chunks = {
  home: () => import('./routes/home'),
  submit: () => import('./routes/submit'),
  account: () => import('./routes/account'),
  myPredictions: () => import('./routes/my-predictions'),
  analytics: () => import('./routes/analytics'),
  verifyEmail: () => import('./routes/verify-email'),
  resetPassword: () => import('./routes/reset-password'),
  notFound: () => import('./routes/not-found'),
};

/** A lazy page whose loading the navigation progress bar shows. */
const page = (load: () => Promise<ComponentType>) =>
  lazy(trackPageLoad(async () => ({ default: await load() })));

const HomePage = page(async () => (await chunks.home()).HomePage);
const SubmitPage = page(async () => (await chunks.submit()).SubmitPage);
const LoginPage = page(async () => (await chunks.account()).LoginPage);
const SignupPage = page(async () => (await chunks.account()).SignupPage);
const ForgotPasswordPage = page(async () => (await chunks.account()).ForgotPasswordPage);
const MyPredictionsPage = page(async () => (await chunks.myPredictions()).MyPredictionsPage);
const AnalyticsPage = page(async () => (await chunks.analytics()).AnalyticsPage);
const VerifyEmailPage = page(async () => (await chunks.verifyEmail()).VerifyEmailPage);
const ResetPasswordPage = page(async () => (await chunks.resetPassword()).ResetPasswordPage);
const NotFoundPage = page(async () => (await chunks.notFound()).NotFoundPage);

/** What each page needs first: its chunk, and the public reads it makes as soon as it renders. */
const FIRST_NEEDS: Record<string, { chunk: () => Promise<unknown>; reads?: readonly string[] }> = {
  '/': { chunk: chunks.home, reads: HOME_FIRST_READS },
  '/submit': { chunk: chunks.submit },
  '/login': { chunk: chunks.account },
  '/signup': { chunk: chunks.account },
  '/forgot-password': { chunk: chunks.account },
  '/my-predictions': { chunk: chunks.myPredictions },
  '/analytics': { chunk: chunks.analytics },
  '/verify-email': { chunk: chunks.verifyEmail },
  '/reset-password': { chunk: chunks.resetPassword },
};

/**
 * Called before the first render: the first page's chunk and its data download while the session
 * loads, side by side, instead of the data waiting for the code that asks for it.
 */
export function preloadPage(pathname: string): void {
  const needs = FIRST_NEEDS[pathname.toLowerCase().replace(/(.)\/+$/, '$1')] ?? { chunk: chunks.notFound };
  // A failure here is shown by the page's own error boundary when it renders.
  needs.chunk().catch(() => undefined);
  if (needs.reads) startEarlyRequests(needs.reads);
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route index element={<HomePage />} />
        <Route path="submit" element={<SubmitPage />} />
        <Route path="login" element={<LoginPage />} />
        <Route path="signup" element={<SignupPage />} />
        <Route path="forgot-password" element={<ForgotPasswordPage />} />
        <Route path="my-predictions" element={<MyPredictionsPage />} />
        <Route path="analytics" element={<AnalyticsPage />} />
        <Route path="verify-email" element={<VerifyEmailPage />} />
        <Route path="reset-password" element={<ResetPasswordPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
