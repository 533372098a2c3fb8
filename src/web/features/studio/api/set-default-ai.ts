import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AiChoice, AiModelsResponse, SetAiRequest } from '#shared/ai.ts';
import { answerOf, api } from '#web/lib/api-client.ts';
import { aiModelsQueryKey } from './get-ai-models.ts';

/** `POST /api/profile/set-ai {aiProvider, aiModel}`: the choice the studio (and the server) start from. */
export function setDefaultAi(choice: AiChoice): Promise<SetAiRequest> {
  return answerOf(
    api.profile['set-ai'].$post({ json: { aiProvider: choice.provider, aiModel: choice.model } }),
  );
}

/** Once saved, the catalogue's `defaults` say so too, so a later visit opens on it without a refetch. */
export function useSetDefaultAi() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDefaultAi,
    onSuccess: (saved) => {
      queryClient.setQueryData<AiModelsResponse>(aiModelsQueryKey, (models) =>
        models ? { ...models, defaults: { provider: saved.aiProvider, model: saved.aiModel } } : models,
      );
    },
  });
}
