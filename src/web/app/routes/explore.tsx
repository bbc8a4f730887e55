import { PageHeader } from '#web/components/ui/page-header.tsx';
import { Explore } from '#web/features/community/components/explore.tsx';
import { useAuth } from '#web/app/auth-provider.tsx';

/** /predictions: browse the community (issue 25). */
export function ExplorePage() {
  const { user, claimed } = useAuth();
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <title>Explore predictions · Futurecast</title>
      <PageHeader
        eyebrow="Community"
        title="Explore predictions"
        description="What members expect, from the hottest to the best received: by category, or by the words they used."
      />
      <div className="mt-8">
        <Explore userId={(user ?? claimed)?.id ?? null} />
      </div>
    </div>
  );
}
