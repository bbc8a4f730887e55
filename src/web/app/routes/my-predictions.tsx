import { Navigate } from 'react-router';
import { ButtonLink } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { ListIcon } from '../../components/ui/icons';
import { PageHeader } from '../../components/ui/page-header';
import { useAuth } from '../auth-provider';

/** The member's full prediction list; guests go to the sign-in page. */
export function MyPredictionsPage() {
  const { status } = useAuth();
  if (status !== 'authenticated') return <Navigate to="/login" replace />;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <title>My Predictions · Futurecast</title>
      <PageHeader
        eyebrow="My Account"
        title="My Predictions"
        description="Everything you have published, public and private, with its quality score and analysis."
        actions={<ButtonLink to="/submit">Add New</ButtonLink>}
      />
      <EmptyState
        className="mt-8"
        icon={<ListIcon />}
        title="Your predictions will be listed here"
        description="Each one with its category, date, quality score, sentiment and any advice on how to improve it."
        action={
          <ButtonLink to="/login" variant="secondary">
            Back to My Account
          </ButtonLink>
        }
      />
    </div>
  );
}
