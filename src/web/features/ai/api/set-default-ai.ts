import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AiModelsResponse, SetAiRequest } from '#shared/ai.ts';
import { answerOf, api } from '#web/lib/api-client.ts';
import { invalidateProfile } from '#web/lib/invalidate-profile.ts';
import { aiModelsQueryKey } from './get-ai-models.ts';

/** `POST /api/profile/set-ai {aiProvider, aiModel}`: the member's default AI, where the studio starts. */
export function setDefaultAi(choice: SetAiRequest): Promise<SetAiRequest> {
  return answerOf(api.profile['set-ai'].$post({ json: choice }));
}

/**
 * Once saved, the catalogue's `defaults` say so too, so the studio and the AI Settings tab (which share the
 * catalogue) open on it without a refetch; the profile, which also carries the choice, reloads.
 */
export function useSetDefaultAi() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDefaultAi,
    onSuccess: async (saved) => {
      queryClient.setQueryData<AiModelsResponse>(aiModelsQueryKey, (models) =>
        models ? { ...models, defaults: { provider: saved.aiProvider, model: saved.aiModel } } : models,
      );
      await invalidateProfile(queryClient);
    },
  });
}
