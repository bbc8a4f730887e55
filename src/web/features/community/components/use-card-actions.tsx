import { lazy, Suspense, useState } from 'react';
import { isSignedOut } from '#web/lib/api-client.ts';
import { useVotePrediction, type VoteKind } from '../api/vote-prediction';

const LoginRequiredModal = lazy(() => import('./login-required-modal'));

export interface VoteFailure {
  kind: VoteKind;
  error: unknown;
}

/**
 * What every place that shows community cards does with them: votes (one request per card at a time,
 * a failure shown on its card) and, for a guest or an ended session, the Login Required dialog
 * (SPEC.md §2, §5 'Authentication needed'), loaded on first use.
 */
export function useCardActions(userId: number | null) {
  const vote = useVotePrediction();
  const [pending, setPending] = useState<Record<number, VoteKind | null>>({});
  const [errors, setErrors] = useState<Record<number, VoteFailure | null>>({});
  const [loginOpen, setLoginOpen] = useState(false);
  const [loginRequested, setLoginRequested] = useState(false);

  const askToLogin = () => {
    setLoginRequested(true);
    setLoginOpen(true);
  };

  const onVote = (id: number, kind: VoteKind) => {
    if (userId === null) return askToLogin();
    setPending((p) => ({ ...p, [id]: kind }));
    setErrors((e) => ({ ...e, [id]: null }));
    vote(id, kind)
      .catch((error: unknown) => {
        // An expired or revoked session: the guest path.
        if (isSignedOut(error)) askToLogin();
        else setErrors((e) => ({ ...e, [id]: { kind, error } }));
      })
      .finally(() => setPending((p) => ({ ...p, [id]: null })));
  };

  const loginModal = loginRequested ? (
    <Suspense fallback={null}>
      <LoginRequiredModal open={loginOpen} onOpenChange={setLoginOpen} />
    </Suspense>
  ) : null;

  return {
    pendingVote: (id: number) => pending[id] ?? null,
    voteError: (id: number) => errors[id] ?? null,
    onVote,
    askToLogin,
    loginOpen,
    loginModal,
  };
}
