import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { EmptyState } from '../../components/ui/empty-state';
import { ChartIcon } from '../../components/ui/icons';
import { PageHeader } from '../../components/ui/page-header';
import { useAuth } from '../auth-provider';

export function AnalyticsPage() {
  const { status } = useAuth();
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <title>Analytics · Futurecast</title>
      <PageHeader
        eyebrow="Public analytics"
        title="Community Analytics"
        description="How the community predicts: which categories are active, when people publish, and how the quality of predictions is trending."
      />
      {status === 'authenticated' ? null : (
        <Alert variant="info" className="mt-8">
          You are viewing public analytics.{' '}
          <Link to="/login" className="font-semibold underline underline-offset-4">
            Login
          </Link>{' '}
          to publish predictions and see your own dashboard.
        </Alert>
      )}
      <EmptyState
        className="mt-8"
        icon={<ChartIcon />}
        title="Analytics will appear here"
        description="Category distribution, weekly patterns, daily activity and community quality health, computed from every published prediction."
      />
    </div>
  );
}
