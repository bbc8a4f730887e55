import { Component, type ReactNode } from 'react';
import { buttonClasses } from '#web/components/ui/button.tsx';
import { ErrorIcon } from '#web/components/ui/icons.tsx';
import { LogoMark } from '#web/components/ui/logo.tsx';

interface ErrorBoundaryProps {
  fallback: ReactNode;
  /** A new value (the next page's path) clears the error. */
  resetKey?: unknown;
  children: ReactNode;
}

/** Shows `fallback` instead of a subtree that threw while rendering, or whose code failed to load. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidUpdate(previous: ErrorBoundaryProps) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

function ErrorContent() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center sm:py-28">
      <div className="grid size-14 place-items-center rounded-full bg-red-50 text-red-600">
        <ErrorIcon className="size-7" />
      </div>
      <h1 className="mt-6 text-3xl font-bold tracking-tight text-ink-900">Something went wrong</h1>
      <p className="mt-3 text-base leading-relaxed text-ink-600">
        This page couldn't be shown. It may have been updated since you opened Futurecast, or the connection
        dropped. Trying again usually helps.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {/* A full reload also picks up new code after a deployment (stale chunk names). */}
        <button type="button" className={buttonClasses()} onClick={() => window.location.reload()}>
          Try Again
        </button>
        {/* A document load, not a client navigation: also outside the router (RootError). */}
        <a href="/" className={buttonClasses({ variant: 'secondary' })}>
          Go to Home
        </a>
      </div>
    </div>
  );
}

/** Each page's error screen: rendered inside the shell, so navigation keeps working. */
export function RouteError() {
  return (
    <>
      <title>Something went wrong · Futurecast</title>
      <ErrorContent />
    </>
  );
}

/** The error screen of the shell itself: no navigation bar to rely on. */
export function RootError() {
  return (
    <div className="flex min-h-dvh flex-col">
      <title>Something went wrong · Futurecast</title>
      <div className="flex items-center gap-2.5 px-4 py-4 sm:px-6">
        <LogoMark className="size-8" />
        <span className="text-lg font-bold tracking-tight">Futurecast</span>
      </div>
      <main id="main" className="flex-1">
        <ErrorContent />
      </main>
    </div>
  );
}
