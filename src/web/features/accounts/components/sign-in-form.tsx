import type { AuthConfigReply } from '#shared/schemas/accounts.ts';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { withReturnPath } from '#web/lib/return-path.ts';
import { googleSignIn } from '../api/google-sign-in';
import { login } from '../api/login';
import { googleFailure, loginFailure, UI } from '../messages';
import { Captcha, CAPTCHA_MESSAGES } from './captcha';
import { Checkbox, PasswordField, TextField } from './fields';
import { GoogleButton } from './google-button';

export type SignedIn = { token: string; remember: boolean; celebrate: 'signin' | 'google-new' };

export interface SignInFormProps {
  config: AuthConfigReply;
  /** A notice above the form (e.g. after a password reset or a failed verification login). */
  notice?: { tone: 'success' | 'error' | 'info' | 'warning'; text: string } | null;
  onSignedIn: (result: SignedIn) => void;
  onVerificationRequired: (email: string | null, message: string) => void;
  /** Where the member was before signing in (`?next=`), kept on the way to registration. */
  returnTo?: string | null;
}

const linkClass = 'font-semibold text-brand-700 underline-offset-4 hover:underline';

/** SPEC.md §2 mode (a): email or username, password, 'Remember me', captcha, Google, links. */
export function SignInForm({
  config,
  notice,
  onSignedIn,
  onVerificationRequired,
  returnTo = null,
}: SignInFormProps) {
  const [login_, setLogin] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaReset, setCaptchaReset] = useState(0);
  const [captchaError, setCaptchaError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'password' | 'google' | null>(null);

  const resetCaptcha = () => {
    setCaptcha(null);
    setCaptchaReset((n) => n + 1);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setCaptchaError(null);
    if (!captcha) {
      setError(UI.captchaRequired);
      return;
    }
    const name = login_.trim();
    setBusy('password');
    try {
      const reply = await login({
        ...(name.includes('@') ? { email: name } : { username: name }),
        password,
        captcha,
        remember,
      });
      onSignedIn({ token: reply.token, remember, celebrate: 'signin' });
    } catch (err) {
      const failure = loginFailure(err);
      // A spent or refused answer can't be sent again: SPEC.md §8 resets the captcha after errors.
      resetCaptcha();
      if (failure.kind === 'verification-required') {
        onVerificationRequired(failure.email ?? (name.includes('@') ? name : null), failure.message);
        return;
      }
      if (failure.kind === 'captcha') setCaptchaError(CAPTCHA_MESSAGES.loginFailed);
      setError(failure.message);
    } finally {
      setBusy(null);
    }
  }

  async function withGoogle(credential: string) {
    setError(null);
    setBusy('google');
    try {
      const reply = await googleSignIn({ credential, remember });
      onSignedIn({ token: reply.token, remember, celebrate: reply.isNewUser ? 'google-new' : 'signin' });
    } catch (err) {
      setError(googleFailure(err));
    } finally {
      setBusy(null);
    }
  }

  return (
    <div>
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Welcome back</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-ink-900">Sign In</h1>
      <p className="mt-2 text-base leading-relaxed text-ink-600">
        Sign in with your email or username to publish predictions, vote and join the discussion.
      </p>

      {notice ? (
        <Alert variant={notice.tone} className="mt-6">
          {notice.text}
        </Alert>
      ) : null}
      {error ? (
        <Alert variant="error" title={UI.loginFailedTitle} className="mt-6" onDismiss={() => setError(null)}>
          {error}
        </Alert>
      ) : null}

      <form className="mt-6 space-y-5" onSubmit={submit} noValidate>
        <TextField
          label="Email or username"
          name="login"
          autoComplete="username"
          required
          maxLength={254}
          value={login_}
          onChange={(e) => setLogin(e.target.value)}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          required
          maxLength={128}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Checkbox label="Remember me" checked={remember} onChange={setRemember} />
          <Link to="/forgot-password" className={`text-sm ${linkClass}`}>
            Forgot Password
          </Link>
        </div>
        <Captcha
          config={config.captcha}
          resetKey={captchaReset}
          externalMessage={captchaError}
          onChange={(token) => {
            setCaptcha(token);
            if (token) setCaptchaError(null);
          }}
        />
        {/* Disabled until the captcha is solved (again, after a failed attempt resets it): Enter
            then submits nothing rather than an error, and the line below says what is missing. */}
        <Button
          type="submit"
          size="lg"
          fullWidth
          loading={busy === 'password'}
          loadingText="Signing in..."
          disabled={busy !== null || !login_.trim() || !password || !captcha}
          aria-describedby={captcha ? undefined : 'sign-in-waiting'}
        >
          Sign In
        </Button>
        {/* Always there, so solving the captcha moves nothing on the page. */}
        <p id="sign-in-waiting" aria-live="polite" className="-mt-2 min-h-5 text-center text-sm text-ink-600">
          {captcha ? '' : UI.captchaRequired}
        </p>
      </form>

      {config.google.enabled && config.google.clientId ? (
        <div className="mt-6">
          <div className="flex items-center gap-3 text-xs font-medium tracking-wide text-ink-500 uppercase">
            <span className="h-px flex-1 bg-ink-200" />
            or
            <span className="h-px flex-1 bg-ink-200" />
          </div>
          <div className="mt-4">
            <GoogleButton
              clientId={config.google.clientId}
              busy={busy === 'google'}
              onCredential={(credential) => void withGoogle(credential)}
              onFailure={() => setError(UI.googleFailed)}
            />
          </div>
        </div>
      ) : null}

      <p className="mt-8 border-t border-ink-100 pt-6 text-sm text-ink-600">
        New to predictions?{' '}
        <Link to={withReturnPath('/signup', returnTo)} className={linkClass}>
          Create account
        </Link>
      </p>
    </div>
  );
}
