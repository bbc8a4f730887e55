import { LogoMark } from '#web/components/ui/logo.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';

/**
 * Shown while the session loads (SPEC.md §2) and while the first route's code arrives. index.html
 * carries the same markup inside #root, so the screen paints as soon as the stylesheet arrives,
 * before any script has run, and React's first render replaces it (a test keeps the two equal).
 */
export function LoadingScreen() {
  return (
    <div className="grid min-h-dvh place-items-center bg-canvas px-6">
      <div className="flex flex-col items-center gap-5 text-center">
        <LogoMark className="size-14 shadow-raised rounded-[14px]" />
        <div role="status" className="flex items-center gap-3 text-ink-600">
          <Spinner size="sm" label={null} className="text-brand-600" />
          <span className="text-sm font-medium">Loading...</span>
        </div>
      </div>
    </div>
  );
}
