import { ButtonLink } from '#web/components/ui/button.tsx';
import { CompassIcon } from '#web/components/ui/page-icons.tsx';

export function NotFoundContent() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center sm:py-28">
      <div className="grid size-14 place-items-center rounded-full bg-brand-50 text-brand-600">
        <CompassIcon className="size-7" />
      </div>
      <p className="mt-6 text-sm font-semibold tracking-wide text-brand-700 uppercase">Error 404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-ink-900">Page not found</h1>
      <p className="mt-3 text-base leading-relaxed text-ink-600">
        This page doesn't exist, or it has moved. The future is still out there, though.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <ButtonLink to="/">Go to Home</ButtonLink>
        <ButtonLink to="/analytics" variant="secondary">
          Explore Analytics
        </ButtonLink>
      </div>
    </div>
  );
}

export function NotFoundPage() {
  return (
    <>
      <title>Page not found · Futurecast</title>
      <NotFoundContent />
    </>
  );
}
