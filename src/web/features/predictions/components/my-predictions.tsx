import { Link } from 'react-router';
import { ButtonLink } from '#web/components/ui/button.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { ListIcon } from '#web/components/ui/page-icons.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { Alert } from '#web/components/ui/alert.tsx';
import { useMyPredictions } from '../api/get-my-predictions';
import type { ResolveAction } from './due-for-resolution';
import { PredictionList } from './prediction-list';

/** Every prediction of the signed-in member, newest first (/my-predictions). */
export function MyPredictionsList({ resolveAction }: { resolveAction?: ResolveAction }) {
  const { data, isPending, isError, refetch } = useMyPredictions();
  if (isPending) {
    return (
      <div className="grid place-items-center py-16">
        <Spinner label="Loading your predictions..." />
      </div>
    );
  }
  if (isError) {
    return (
      <Alert
        variant="error"
        title="Your predictions could not be loaded"
        actions={
          <button type="button" className="font-semibold underline" onClick={() => void refetch()}>
            Try Again
          </button>
        }
      />
    );
  }
  if (data.predictions.length === 0) {
    return (
      <EmptyState
        icon={<ListIcon />}
        title="No predictions yet"
        description="Each prediction you publish appears here with its category, date, quality score, sentiment and advice."
        action={<ButtonLink to="/submit">Create Your First Prediction</ButtonLink>}
      />
    );
  }
  return (
    <>
      <p className="mb-4 text-sm text-ink-600">
        {data.total} prediction{data.total === 1 ? '' : 's'}.{' '}
        <Link to="/login" className="font-semibold text-brand-700 hover:underline">
          Back to your dashboard
        </Link>
      </p>
      <PredictionList predictions={data.predictions} expandable={false} resolveAction={resolveAction} />
    </>
  );
}
