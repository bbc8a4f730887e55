import { createBrowserRouter, type RouteObject } from 'react-router';
import { LoadingScreen } from './loading-screen';
import { RootLayout } from './root-layout';
import { RootError, RouteError } from './route-error';
import { NotFoundPage } from './routes/not-found';

/**
 * Every page is a lazy chunk, so the home page never ships account, analytics or chart code
 * (docs/decisions/003-web-routes-and-shell.md). Each page has its own error boundary inside the shell.
 */
const page = (path: string | undefined, load: RouteObject['lazy']): RouteObject =>
  path === undefined
    ? { index: true, lazy: load, errorElement: <RouteError /> }
    : { path, lazy: load, errorElement: <RouteError /> };

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    errorElement: <RootError />,
    HydrateFallback: LoadingScreen,
    children: [
      page(undefined, async () => ({ Component: (await import('./routes/home')).HomePage })),
      page('submit', async () => ({ Component: (await import('./routes/submit')).SubmitPage })),
      page('login', async () => ({ Component: (await import('./routes/account')).LoginPage })),
      page('signup', async () => ({ Component: (await import('./routes/account')).SignupPage })),
      page('forgot-password', async () => ({
        Component: (await import('./routes/account')).ForgotPasswordPage,
      })),
      page('my-predictions', async () => ({
        Component: (await import('./routes/my-predictions')).MyPredictionsPage,
      })),
      page('analytics', async () => ({ Component: (await import('./routes/analytics')).AnalyticsPage })),
      page('verify-email', async () => ({
        Component: (await import('./routes/verify-email')).VerifyEmailPage,
      })),
      page('reset-password', async () => ({
        Component: (await import('./routes/reset-password')).ResetPasswordPage,
      })),
      // Not lazy: the error boundaries already include the 404 content.
      { path: '*', Component: NotFoundPage },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
