import { passwordStrength } from '#shared/rules/password.ts';
import { usernameSuggestions } from '#shared/rules/username-suggestions.ts';
import {
  isValidEmail,
  isValidUsername,
  normalizeEmail,
  VALIDATION_MESSAGES as M,
} from '#shared/rules/validation.ts';
import { type FormEvent, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { cn } from '#web/lib/cn.ts';
import { withReturnPath } from '#web/lib/return-path.ts';
import { checkEmail, checkUsername } from '../api/check-availability';
import { register } from '../api/register';
import { UI } from '../messages';
import { type Availability, useAvailability } from '../use-availability';
import type { FieldMessage } from './fields';
import { PasswordField, TextField } from './fields';
import { PasswordStrengthMeter } from './password-strength';

const STEPS = [
  { title: 'Join the Vision', label: 'Email', intro: 'Start with the email address your account will use.' },
  { title: 'Choose Your Identity', label: 'Username', intro: 'This is how the community will see you.' },
  { title: 'Secure Your Account', label: 'Password', intro: 'Pick a password only you know.' },
] as const;

const emailCheck = (v: string, signal: AbortSignal) => checkEmail(normalizeEmail(v), signal);
const usernameCheck = (v: string, signal: AbortSignal) => checkUsername(v, signal);

function emailMessage(a: Availability): FieldMessage | null {
  switch (a.state) {
    case 'invalid':
      return { tone: 'error', text: M.emailInvalid };
    case 'checking':
      return { tone: 'checking', text: 'Checking...' };
    case 'taken':
      return { tone: 'error', text: M.emailTaken };
    case 'available':
      return { tone: 'success', text: M.emailAvailable };
    case 'failed':
      return { tone: 'error', text: M.emailCheckFailed };
    default:
      return null;
  }
}

function usernameMessage(a: Availability): FieldMessage | null {
  switch (a.state) {
    case 'invalid':
      return { tone: 'error', text: M.usernameInvalid };
    case 'checking':
      return { tone: 'checking', text: 'Checking...' };
    case 'taken':
      return { tone: 'error', text: M.usernameTaken };
    case 'available':
      return { tone: 'success', text: M.usernameAvailable };
    case 'failed':
      return { tone: 'error', text: M.usernameCheckFailed };
    default:
      return null;
  }
}

export interface RegistrationWizardProps {
  /** requiresVerification: the 'Check Your Email' screen takes over. */
  onRegistered: (email: string) => void;
  /** Where the member was before signing in (`?next=`), kept on the way to the sign-in form. */
  returnTo?: string | null;
}

/** SPEC.md §2 mode (b): three steps with a progress bar, Back/Continue and 'Create Account'. */
export function RegistrationWizard({ onRegistered, returnTo = null }: RegistrationWizardProps) {
  const [step, setStep] = useState(0);
  const [email, setEmail] = useState('');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const emailState = useAvailability(email, isValidEmail, emailCheck);
  const usernameState = useAvailability(username, isValidUsername, usernameCheck);
  // Suggestions appear once the email is known to be free (SPEC.md §5).
  const suggestions = useMemo(
    () => (emailState.state === 'available' ? usernameSuggestions(normalizeEmail(email)) : []),
    [emailState.state, email],
  );
  const strength = passwordStrength(password);
  const canContinue = step === 0 ? emailState.state === 'available' : usernameState.state === 'available';
  const current = STEPS[step] ?? STEPS[0];

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (step < 2) {
      if (canContinue) setStep(step + 1);
      return;
    }
    if (!strength.valid) return;
    setBusy(true);
    try {
      const reply = await register({ email: normalizeEmail(email), username, password, remember: false });
      setEmail('');
      setUsername('');
      setPassword('');
      setStep(0);
      onRegistered(reply.email);
    } catch (err) {
      setError(err instanceof ApiError && err.message ? err.message : UI.registrationFallback);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div>
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
        Step {step + 1} of {STEPS.length}
      </p>
      <div
        className="mt-3 flex gap-2"
        role="progressbar"
        aria-label="Registration progress"
        aria-valuemin={1}
        aria-valuemax={STEPS.length}
        aria-valuenow={step + 1}
        aria-valuetext={`Step ${step + 1} of ${STEPS.length}: ${current.label}`}
      >
        {STEPS.map((s, i) => (
          <span
            key={s.label}
            className={cn(
              'h-1.5 flex-1 rounded-full transition-colors',
              i <= step ? 'bg-brand-600' : 'bg-ink-200',
            )}
          />
        ))}
      </div>
      <h1 className="mt-5 text-3xl font-bold tracking-tight text-ink-900">{current.title}</h1>
      <p className="mt-2 text-base leading-relaxed text-ink-600">{current.intro}</p>

      {error ? (
        <Alert variant="error" className="mt-6" onDismiss={() => setError(null)}>
          {error}
        </Alert>
      ) : null}

      <form className="mt-6 space-y-5" onSubmit={submit} noValidate>
        {step === 0 ? (
          <TextField
            label="Email"
            type="email"
            name="email"
            autoComplete="email"
            autoFocus
            maxLength={254}
            value={email}
            message={emailMessage(emailState)}
            onChange={(e) => setEmail(e.target.value)}
          />
        ) : null}
        {step === 1 ? (
          <div>
            <TextField
              label="Username"
              name="username"
              autoComplete="username"
              autoFocus
              maxLength={20}
              hint="3-20 characters: letters, numbers and underscores."
              value={username}
              message={usernameMessage(usernameState)}
              onChange={(e) => setUsername(e.target.value)}
            />
            {suggestions.length > 0 ? (
              <div className="mt-4">
                <p className="text-sm font-medium text-ink-700">Suggestions</p>
                <ul className="mt-2 flex flex-wrap gap-2">
                  {suggestions.map((s) => (
                    <li key={s}>
                      <button
                        type="button"
                        onClick={() => setUsername(s)}
                        className={cn(
                          'rounded-full px-3 py-1.5 text-sm font-medium ring-1 ring-inset transition',
                          s === username
                            ? 'bg-brand-600 text-white ring-brand-600'
                            : 'bg-white text-brand-700 ring-brand-200 hover:bg-brand-50',
                        )}
                      >
                        {s}
                      </button>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </div>
        ) : null}
        {step === 2 ? (
          <div>
            <PasswordField
              label="Password"
              name="new-password"
              autoComplete="new-password"
              autoFocus
              maxLength={128}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            <PasswordStrengthMeter password={password} />
          </div>
        ) : null}

        <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-between">
          {step > 0 ? (
            <Button variant="secondary" size="lg" onClick={() => setStep(step - 1)} disabled={busy}>
              Back
            </Button>
          ) : (
            <span className="hidden sm:block" />
          )}
          {step < 2 ? (
            <Button type="submit" size="lg" disabled={!canContinue}>
              Continue
            </Button>
          ) : (
            <Button
              type="submit"
              size="lg"
              disabled={!strength.valid}
              loading={busy}
              loadingText="Creating Account..."
            >
              Create Account
            </Button>
          )}
        </div>
      </form>

      <p className="mt-8 border-t border-ink-100 pt-6 text-sm text-ink-600">
        Already have an account?{' '}
        <Link
          to={withReturnPath('/login', returnTo)}
          className="font-semibold text-brand-700 underline-offset-4 hover:underline"
        >
          Sign in
        </Link>
      </p>
    </div>
  );
}
