import { Link, useParams } from 'react-router';
import { PredictionPage as Prediction } from '#web/features/community/components/prediction-page.tsx';
import { ResolveButton } from '#web/features/resolution/components/resolve-dialog.tsx';
import { useAuth } from '#web/app/auth-provider.tsx';

/** /p/:id: one prediction (issue 25). */
export function PredictionPage() {
  const { id = '' } = useParams();
  const { user, claimed } = useAuth();
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <p className="mb-4 text-sm">
        <Link to="/predictions" className="font-semibold text-brand-700 hover:underline">
          <span aria-hidden="true">← </span>Back to Explore
        </Link>
      </p>
      {/* Another prediction is another page: nothing carries over (a pending deletion, focus). */}
      <Prediction
        key={id}
        idParam={id}
        userId={(user ?? claimed)?.id ?? null}
        // The app composes the resolution feature's dialog in, as on the dashboard.
        resolveAction={(p) => <ResolveButton prediction={p} />}
      />
    </div>
  );
}
