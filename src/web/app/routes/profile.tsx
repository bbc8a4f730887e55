import { useParams, useSearchParams } from 'react-router';
import { ProfilePage as Profile } from '#web/features/community/components/profile-page.tsx';
import { useAuth } from '#web/app/auth-provider.tsx';

/** /u/:username: a member's public profile (issue 25). */
export function ProfilePage() {
  const { username = '' } = useParams();
  const [params] = useSearchParams();
  const { user, claimed } = useAuth();
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <Profile
        key={username}
        username={username}
        cursor={params.get('cursor') || null}
        userId={(user ?? claimed)?.id ?? null}
      />
    </div>
  );
}
