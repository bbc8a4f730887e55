import { type ComponentType, lazy } from 'react';
import { Route, Routes } from 'react-router';
import { HOME_FIRST_READS } from '#shared/rules/home-reads.ts';
import { type PageModule, pageModuleOf } from '#shared/rules/pages.ts';
import { startEarlyRequests } from '#web/lib/early-requests.ts';
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
  'my-predictions': () => import('./routes/my-predictions'),
  analytics: () => import('./routes/analytics'),
  'verify-email': () => import('./routes/verify-email'),
  'reset-password': () => import('./routes/reset-password'),
  settings: () => import('./routes/settings'),
  leaderboard: () => import('./routes/leaderboard'),
  explore: () => import('./routes/explore'),
  prediction: () => import('./routes/prediction'),
  profile: () => import('./routes/profile'),
  'not-found': () => import('./routes/not-found'),
} satisfies Record<PageModule, () => Promise<unknown>>;

/** A lazy page whose loading the navigation progress bar shows. */
const page = (load: () => Promise<ComponentType>) =>
  lazy(trackPageLoad(async () => ({ default: await load() })));

const HomePage = page(async () => (await chunks.home()).HomePage);
const SubmitPage = page(async () => (await chunks.submit()).SubmitPage);
// /login, /signup and /forgot-password: one page component, kept when moving between them.
const AccountPage = page(async () => (await chunks.account()).AccountRoutePage);
const MyPredictionsPage = page(async () => (await chunks['my-predictions']()).MyPredictionsPage);
const AnalyticsPage = page(async () => (await chunks.analytics()).AnalyticsPage);
const VerifyEmailPage = page(async () => (await chunks['verify-email']()).VerifyEmailPage);
const ResetPasswordPage = page(async () => (await chunks['reset-password']()).ResetPasswordPage);
const SettingsPage = page(async () => (await chunks.settings()).SettingsPage);
const ConfirmEmailPage = page(async () => (await chunks.settings()).ConfirmEmailPage);
const UnsubscribePage = page(async () => (await chunks.settings()).UnsubscribePage);
const LeaderboardPage = page(async () => (await chunks.leaderboard()).LeaderboardPage);
const ReminderOptOutPage = page(async () => (await chunks.leaderboard()).ReminderOptOutPage);
const ExplorePage = page(async () => (await chunks.explore()).ExplorePage);
const PredictionPage = page(async () => (await chunks.prediction()).PredictionPage);
const ProfilePage = page(async () => (await chunks.profile()).ProfilePage);
const NotFoundPage = page(async () => (await chunks['not-found']()).NotFoundPage);

/**
 * Called before the first render: the first page's chunk and its data download while the session
 * loads, side by side, instead of the data waiting for the code that asks for it. (The server has
 * already named the chunk's files in the HTML: src/server/plugins/spa.ts.)
 */
export function preloadPage(pathname: string): void {
  const module = pageModuleOf(pathname);
  // A failure here is shown by the page's own error boundary when it renders.
  chunks[module]().catch(() => undefined);
  if (module === 'home') startEarlyRequests(HOME_FIRST_READS);
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route index element={<HomePage />} />
        <Route path="submit" element={<SubmitPage />} />
        <Route path="login" element={<AccountPage />} />
        <Route path="signup" element={<AccountPage />} />
        <Route path="forgot-password" element={<AccountPage />} />
        <Route path="my-predictions" element={<MyPredictionsPage />} />
        <Route path="analytics" element={<AnalyticsPage />} />
        <Route path="verify-email" element={<VerifyEmailPage />} />
        <Route path="reset-password" element={<ResetPasswordPage />} />
        <Route path="settings" element={<SettingsPage />} />
        <Route path="confirm-email" element={<ConfirmEmailPage />} />
        <Route path="unsubscribe" element={<UnsubscribePage />} />
        <Route path="leaderboard" element={<LeaderboardPage />} />
        <Route path="reminders/opt-out" element={<ReminderOptOutPage />} />
        <Route path="predictions" element={<ExplorePage />} />
        <Route path="p/:id" element={<PredictionPage />} />
        <Route path="u/:username" element={<ProfilePage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
