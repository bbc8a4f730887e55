import { Navigate } from 'react-router';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { ButtonLink } from '#web/components/ui/button.tsx';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { MyPredictionsList } from '#web/features/predictions/components/my-predictions.tsx';
import { ResolveButton } from '#web/features/resolution/components/resolve-dialog.tsx';
import { useAuth } from '#web/app/auth-provider.tsx';

/** The member's full prediction list; guests go to the sign-in page. */
export function MyPredictionsPage() {
  const { status } = useAuth();
  if (status === 'anonymous') return <Navigate to="/login" replace />;
  if (status === 'loading') {
    return (
      <div className="grid min-h-96 place-items-center text-brand-600">
        <Spinner label="Loading your account..." />
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6 sm:py-14">
      <title>My Predictions · Futurecast</title>
      <PageHeader
        eyebrow="My Account"
        title="My Predictions"
        description="Everything you have published, public and private, with its quality score and analysis."
        actions={<ButtonLink to="/submit">Add New</ButtonLink>}
      />
      <div className="mt-8">
        <MyPredictionsList resolveAction={(p) => <ResolveButton prediction={p} />} />
      </div>
    </div>
  );
}
