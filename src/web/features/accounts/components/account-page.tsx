import { type ReactNode, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { SparklesIcon, TargetIcon, TrendIcon } from '#web/components/ui/icons.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useAuth } from '#web/app/auth-provider.tsx';
import { rememberReturnPath, safeReturnPath, takeRememberedReturnPath } from '#web/lib/return-path.ts';
import { useAuthConfig } from '../api/get-auth-config';
import { UI } from '../messages';
import { CELEBRATION_MS, Celebration, type CelebrationKind, LoadingAccount } from './celebration';
import { ForgotPasswordModal } from './forgot-password-modal';
import { RegistrationWizard } from './registration-wizard';
import { type SignedIn, SignInForm } from './sign-in-form';
import { CheckEmailScreen, VerificationRequiredScreen } from './verification-screens';

/** /login, /signup (registration) and /forgot-password (the modal open): docs/decisions/003. */
export type AccountMode = 'sign-in' | 'register' | 'forgot-password';

type Notice = { tone: 'success' | 'error' | 'info' | 'warning'; text: string };

type Screen =
  | { name: 'form'; notice?: Notice | null }
  | { name: 'check-email'; email: string; notice?: Notice | null }
  | { name: 'verification-required'; email: string | null; message: string }
  | {
      name: 'celebrate';
      kind: CelebrationKind;
      token: string;
      remember: boolean;
      fromVerification: boolean;
      /** Where to go once signed in (a safe same-origin path), instead of the dashboard. */
      returnTo: string | null;
    }
  | { name: 'loading' };

/** The verification return and the reset notice are read once per page load (SPEC.md §4). */
let returnHandled = false;

const BENEFITS = [
  { icon: SparklesIcon, text: 'A quality score and concrete advice for every prediction' },
  { icon: TargetIcon, text: 'A reliability score that grows with specific, measurable predictions' },
  { icon: TrendIcon, text: 'Like, dislike and discuss the community’s predictions' },
];

function BrandPanel() {
  return (
    <div className="relative isolate hidden overflow-hidden rounded-3xl bg-brand-950 p-10 text-white lg:flex lg:flex-col lg:justify-between">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top_left,var(--color-accent-700),transparent_60%)]"
      />
      <div>
        <p className="text-sm font-semibold tracking-wide text-brand-200 uppercase">Futurecast account</p>
        <p className="mt-4 text-3xl font-bold tracking-tight text-balance">
          Your predictions, on the record.
        </p>
      </div>
      <ul className="mt-10 space-y-5">
        {BENEFITS.map(({ icon: Icon, text }) => (
          <li key={text} className="flex gap-3 text-brand-100">
            <Icon className="mt-0.5 size-5 shrink-0 text-accent-300" />
            <span>{text}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * After a verification link signed this browser in, whose account it is: a link from someone else
 * signs the reader into *their* account (SPEC.md §4 wants the auto-login), so the name is shown
 * plainly, with a way out.
 */
function SignedInAs({
  username,
  onSignOut,
  onDismiss,
}: {
  username: string;
  onSignOut: () => void;
  onDismiss: () => void;
}) {
  return (
    <div className="mx-auto max-w-6xl px-4 pt-6 sm:px-6">
      <Alert
        variant="info"
        title={
          <>
            Signed in as <bdi className="font-bold">{username}</bdi>
          </>
        }
        onDismiss={onDismiss}
        actions={
          <Button size="sm" variant="secondary" onClick={onSignOut}>
            Not you? Sign out
          </Button>
        }
      >
        Your email address is verified and this browser is signed in to this account.
      </Alert>
    </div>
  );
}

function rememberUsername(username: string) {
  try {
    sessionStorage.setItem('username', username);
  } catch {
    // Storage unavailable: the name comes back with the profile anyway.
  }
}

/** `signedInView`: what a signed-in member sees (the app passes the predictions dashboard, mode h). */
export function AccountPage({ mode, signedInView }: { mode: AccountMode; signedInView: ReactNode }) {
  const { status, login, logout } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const config = useAuthConfig();
  const [screen, setScreen] = useState<Screen>({ name: 'form' });
  /** The account a verification link just signed in (shown until dismissed or signed out). */
  const [verifiedAs, setVerifiedAs] = useState<string | null>(null);
  // Where the member was when they were asked to sign in (the Login Required dialog): issue 25.
  const returnTo = safeReturnPath(params.get('next'));

  // The page stays mounted across /login, /signup and /forgot-password: another mode starts from
  // its form, not from the previous mode's message screen.
  useEffect(() => {
    setScreen((s) => (s.name === 'check-email' || s.name === 'verification-required' ? { name: 'form' } : s));
  }, [mode]);

  // SPEC.md §4 'Verification return', and the notice after a password reset.
  useEffect(() => {
    if (returnHandled) return;
    const verification = params.get('verification');
    const reset = params.get('reset');
    if (!verification && !reset) return;
    returnHandled = true;
    const token = params.get('token');
    const username = params.get('username');
    const email = params.get('email');
    navigate('/login', { replace: true });
    if (verification === 'success' && token) {
      if (username) rememberUsername(username);
      setScreen({
        name: 'celebrate',
        kind: 'signup',
        token,
        remember: false,
        fromVerification: true,
        // Kept in this browser when the member registered from there (the link may open a new tab).
        returnTo: takeRememberedReturnPath(),
      });
    } else if (verification === 'expired') {
      setScreen({ name: 'verification-required', email, message: UI.verificationExpired });
    } else if (verification) {
      setScreen({ name: 'verification-required', email, message: UI.verificationError });
    } else if (reset === 'success') {
      setScreen({ name: 'form', notice: { tone: 'success', text: UI.resetDoneOnLogin } });
    }
  }, [params, navigate]);

  // After the animation, the member's data loads (SPEC.md §4 'Login', 'Registration').
  useEffect(() => {
    if (screen.name !== 'celebrate') return;
    const { token, remember, fromVerification, returnTo: next } = screen;
    const timer = setTimeout(async () => {
      setScreen({ name: 'loading' });
      const user = await login(token, remember);
      if (user && next) {
        navigate(next, { replace: true });
      } else if (user) {
        if (fromVerification) setVerifiedAs(user.username);
        setScreen({ name: 'form' });
      } else {
        setScreen({
          name: 'form',
          notice: { tone: 'error', text: fromVerification ? UI.verificationLoginFailed : UI.loginFallback },
        });
      }
    }, CELEBRATION_MS[screen.kind]);
    return () => clearTimeout(timer);
  }, [screen, login, navigate]);

  const signedIn = (result: SignedIn) =>
    setScreen({
      name: 'celebrate',
      kind: result.celebrate,
      token: result.token,
      remember: result.remember,
      fromVerification: false,
      returnTo,
    });
  const backToLogin = () => {
    setScreen({ name: 'form' });
    navigate('/login');
  };

  if (status === 'authenticated' && screen.name !== 'celebrate' && screen.name !== 'loading') {
    return (
      <>
        <title>My Account · Futurecast</title>
        {verifiedAs ? (
          <SignedInAs
            username={verifiedAs}
            onSignOut={() => void logout('/login')}
            onDismiss={() => setVerifiedAs(null)}
          />
        ) : null}
        {signedInView}
      </>
    );
  }

  const titles: Record<AccountMode, string> = {
    'sign-in': 'Sign In · Futurecast',
    register: 'Create Account · Futurecast',
    'forgot-password': 'Forgot Password · Futurecast',
  };

  let content: ReactNode;
  if (screen.name === 'celebrate') content = <Celebration kind={screen.kind} />;
  // SPEC.md §2 mode (e): also while a stored session's profile loads.
  else if (screen.name === 'loading' || status === 'loading') content = <LoadingAccount />;
  else if (screen.name === 'check-email')
    content = <CheckEmailScreen email={screen.email} notice={screen.notice} onBack={backToLogin} />;
  else if (screen.name === 'verification-required')
    content = (
      <VerificationRequiredScreen
        email={screen.email}
        message={screen.message}
        onBack={backToLogin}
        onSent={(email, notice) => setScreen({ name: 'check-email', email, notice })}
      />
    );
  else if (mode === 'register')
    content = (
      <RegistrationWizard
        returnTo={returnTo}
        onRegistered={(email) => {
          rememberReturnPath(returnTo);
          setScreen({ name: 'check-email', email });
        }}
      />
    );
  else if (config.isPending)
    content = (
      <div className="grid min-h-64 place-items-center text-brand-600">
        <Spinner label="Loading sign-in..." />
      </div>
    );
  else if (config.isError)
    content = (
      <Alert
        variant="error"
        title={UI.loginFailedTitle}
        actions={
          <Button size="sm" variant="secondary" onClick={() => void config.refetch()}>
            Try Again
          </Button>
        }
      >
        {UI.loginServerError}
      </Alert>
    );
  else
    content = (
      <SignInForm
        config={config.data}
        notice={screen.notice ?? null}
        onSignedIn={signedIn}
        returnTo={returnTo}
        onVerificationRequired={(email, message) =>
          setScreen({ name: 'verification-required', email, message })
        }
      />
    );

  return (
    <>
      <title>{titles[mode]}</title>
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:px-6 sm:py-16 lg:grid-cols-2">
        <BrandPanel />
        <Card padding="lg" className="self-start">
          {content}
        </Card>
      </div>
      <ForgotPasswordModal
        open={mode === 'forgot-password'}
        onClose={() => navigate('/login', { replace: true })}
      />
    </>
  );
}
