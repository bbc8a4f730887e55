import { InspirationCard } from '#web/features/predictions/components/inspiration-card.tsx';
import { SubmitForm } from '#web/features/predictions/components/submit-form.tsx';
import {
  GuestBanner,
  PredictionTips,
  WhyAccountCard,
} from '#web/features/predictions/components/submit-guest.tsx';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { useAuth } from '#web/app/auth-provider.tsx';

/** SPEC.md §2 'Submit-prediction screen': guests see the form disabled. */
export function SubmitPage() {
  const { status, user, claimed } = useAuth();
  // A member whose profile is still loading sees the member's screen, not the guest banner.
  const signedIn = status !== 'anonymous';
  const memberId = user?.id ?? claimed?.id ?? null;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <title>Submit a Prediction · Futurecast</title>
      <PageHeader
        eyebrow="Submit"
        title="Share Your Vision of the Future"
        description="Write what you expect to happen in 10 to 500 characters, pick up to three categories, and choose whether it is public or private."
      />
      {signedIn ? null : (
        <div className="mt-8">
          <GuestBanner />
        </div>
      )}
      <div className="mt-8 grid gap-6 lg:grid-cols-3">
        <div className="flex min-w-0 flex-col gap-6 lg:col-span-2">
          <SubmitForm signedIn={signedIn} memberId={memberId} />
          <PredictionTips />
        </div>
        <div className="flex flex-col gap-6">
          <InspirationCard />
          {signedIn ? null : <WhyAccountCard />}
        </div>
      </div>
    </div>
  );
}
