import { VoteReplySchema } from '#shared/schemas/resolution.ts';
import type { PredictionDetailReply } from '#shared/schemas/explore.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api-client.ts';
import { predictionKey } from './cache-updates';

// POST /api/predictions/:id/resolution/vote: another member agrees or disagrees with a resolution.

const voteOnResolution = ({ id, agree }: { id: number; agree: boolean }) =>
  apiFetch(`/api/predictions/${id}/resolution/vote`, {
    method: 'POST',
    body: { agree },
    schema: VoteReplySchema,
  });

export function useVoteOnResolution(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (agree: boolean) => voteOnResolution({ id, agree }),
    onSuccess: (reply) => {
      queryClient.setQueriesData<PredictionDetailReply>({ queryKey: predictionKey(id) }, (data) =>
        data
          ? {
              ...data,
              prediction: {
                ...data.prediction,
                resolution: reply.resolution,
                my_resolution_vote: reply.my_vote.agree,
              },
            }
          : data,
      );
      // Lists, the leaderboard and track records may have moved (a dispute): refetched when next shown.
      void queryClient.invalidateQueries({ refetchType: 'none' });
    },
  });
}
