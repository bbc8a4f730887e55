import { type ComponentType, lazy } from 'react';
import { Route, Routes } from 'react-router';
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

const CHUNK_OF_PATH: Record<string, () => Promise<unknown>> = {
  '/': chunks.home,
  '/submit': chunks.submit,
  '/login': chunks.account,
  '/signup': chunks.account,
  '/forgot-password': chunks.account,
  '/my-predictions': chunks.myPredictions,
  '/analytics': chunks.analytics,
  '/verify-email': chunks.verifyEmail,
  '/reset-password': chunks.resetPassword,
};

/** Called before the first render, so the first page's chunk downloads while the session loads. */
export function preloadPage(pathname: string): void {
  const chunk = CHUNK_OF_PATH[pathname.toLowerCase().replace(/(.)\/+$/, '$1')] ?? chunks.notFound;
  // A failure here is shown by the page's own error boundary when it renders.
  chunk().catch(() => undefined);
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
