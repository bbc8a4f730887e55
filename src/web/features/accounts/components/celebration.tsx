import { CheckCircleIcon, SparklesIcon } from '#web/components/ui/icons.tsx';
import { LogoMark } from '#web/components/ui/logo.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';

export type CelebrationKind = 'signup' | 'signin' | 'google-new';

/** SPEC.md §9 'Animations': registration success 2.5 s, sign-in 1.5 s, Google new user 2 s. */
export const CELEBRATION_MS: Record<CelebrationKind, number> = {
  signup: 2500,
  signin: 1500,
  'google-new': 2000,
};

/** SPEC.md §2 mode (f): 'Welcome to the Community!' after sign-up, a shorter one after sign-in. */
export function Celebration({ kind }: { kind: CelebrationKind }) {
  const fresh = kind !== 'signin';
  return (
    <div className="py-10 text-center motion-safe:animate-scale-in" role="status" aria-live="polite">
      <div className="relative mx-auto grid size-20 place-items-center">
        <span
          className="absolute inset-0 rounded-full bg-emerald-100 motion-safe:animate-ping"
          aria-hidden="true"
        />
        <span className="relative grid size-20 place-items-center rounded-full bg-emerald-500 text-white shadow-raised">
          {fresh ? <SparklesIcon className="size-10" /> : <CheckCircleIcon className="size-10" />}
        </span>
      </div>
      <h1 className="mt-8 text-3xl font-bold tracking-tight text-ink-900">
        {fresh ? 'Welcome to the Community!' : 'Welcome back!'}
      </h1>
      <p className="mt-3 text-ink-600">
        {fresh ? 'Your account is ready. Let’s see what you think comes next.' : 'Signed in successfully.'}
      </p>
    </div>
  );
}

/** SPEC.md §2 mode (e): while the member's data loads. */
export function LoadingAccount() {
  return (
    <div className="py-14 text-center motion-safe:animate-fade-in">
      <LogoMark className="mx-auto size-14 rounded-[14px] shadow-raised" />
      <div role="status" className="mt-6 flex items-center justify-center gap-3 text-ink-600">
        <Spinner size="sm" label={null} className="text-brand-600" />
        <span className="font-medium">Loading your account...</span>
      </div>
    </div>
  );
}
