import { CheckCircleIcon } from '#web/components/ui/icons.tsx';

/**
 * The full-screen 'Prediction Launched!' moment (SPEC.md §2), shown for 2 s. A private prediction
 * was shared with nobody, and is not said to be.
 */
export function LaunchSuccess({ isPublic }: { isPublic: boolean }) {
  return (
    <div
      role="status"
      className="fixed inset-0 z-50 grid place-items-center bg-brand-950/85 p-6 text-center text-white backdrop-blur-sm motion-safe:animate-fade-in"
    >
      <div className="max-w-md motion-safe:animate-scale-in">
        <CheckCircleIcon className="mx-auto size-20 text-emerald-300" />
        <h2 className="mt-6 text-3xl font-bold tracking-tight sm:text-4xl">
          {isPublic ? 'Prediction Launched!' : 'Prediction Saved!'}
        </h2>
        <p className="mt-3 text-lg text-brand-100">
          {isPublic
            ? 'Your vision of the future has been shared with the world'
            : 'Your vision of the future is saved privately: only you can see it'}
        </p>
      </div>
    </div>
  );
}
