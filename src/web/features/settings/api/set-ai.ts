import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AiModelsResponse, SetAiRequest } from '#shared/ai.ts';
import { invalidateProfile } from '#web/features/profile/api/update-profile.ts';
import { answerOf, api } from '#web/lib/api-client.ts';
import { studioAiModelsQueryKey } from './get-ai-models.ts';

/** `POST /api/profile/set-ai {aiProvider, aiModel}` (part 2 §7): the member's default AI. */
export function setAi(choice: SetAiRequest): Promise<SetAiRequest> {
  return answerOf(api.profile['set-ai'].$post({ json: choice }));
}

export function useSetAi() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAi,
    onSuccess: async (saved) => {
      queryClient.setQueryData<AiModelsResponse>(studioAiModelsQueryKey, (models) =>
        models ? { ...models, defaults: { provider: saved.aiProvider, model: saved.aiModel } } : models,
      );
      await invalidateProfile(queryClient);
    },
  });
}
