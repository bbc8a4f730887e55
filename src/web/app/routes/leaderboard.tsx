import { PageHeader } from '#web/components/ui/page-header.tsx';
import { Leaderboard } from '#web/features/resolution/components/leaderboard.tsx';

export { ReminderOptOutPage } from '#web/features/resolution/components/reminder-opt-out-page.tsx';

/** /leaderboard (issue 26): public; members ranked by the Brier score of their public resolutions. */
export function LeaderboardPage() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <title>Leaderboard · Futurecast</title>
      <PageHeader
        eyebrow="Track records"
        title="Leaderboard"
        description="Who sees the future most clearly: members ranked by the Brier score of their resolved public predictions. 0 is perfect; always saying 50% scores 0.25."
      />
      <div className="mt-8">
        <Leaderboard />
      </div>
    </div>
  );
}
