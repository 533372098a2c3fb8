import type { AiConfig } from '#server/config.ts';
import { AppError } from '#server/lib/http/errors.ts';
import { say } from '#server/lib/http/request-language.ts';
import type { AiProviderId } from '#shared/ai.ts';
import { createAllowedModels } from './allowed-models.ts';
import { boundedChat } from './bounded-chat.ts';
import type { ChatProvider } from './chat-provider.ts';
import { createFalQueue, type FalQueue } from './fal-queue.ts';
import { createOpenAiCompatibleChat } from './openai-compatible-chat.ts';
import { createOpenRouterImages, type OpenRouterImages } from './openrouter-image.ts';
import { providerName, providerNotConfigured } from './provider-errors.ts';
import { createStraicoChat } from './straico-chat.ts';
import { createStraicoMedia, type StraicoMedia } from './straico-media.ts';

/** Attribution headers OpenRouter reads; they carry no secret. */
const openRouterHeaders = { 'HTTP-Referer': 'https://lumara.app', 'X-Title': 'Lumara' };

export type AiProviders = ReturnType<typeof createAiProviders>;

/**
 * The one place that knows which providers are configured and builds their clients. Routes and services ask it
 * for a chat provider by id; an unconfigured one answers 503 naming the variable to set.
 */
export function createAiProviders(config: AiConfig) {
  const configured: Record<AiProviderId, boolean> = {
    openrouter: Boolean(config.openRouter.apiKey),
    straico: Boolean(config.straico.apiKey),
    fal: Boolean(config.fal.apiKey),
    local: Boolean(config.openAiCompatible.baseUrl),
  };
  const models = createAllowedModels({
    extra: config.allowedModels,
    localModels: config.openAiCompatible.models,
  });
  const chatClients = new Map<AiProviderId, ChatProvider>();
  let falQueue: FalQueue | undefined;
  let straicoMedia: StraicoMedia | undefined;
  let openRouterImages: OpenRouterImages | undefined;

  function buildChat(id: AiProviderId): ChatProvider {
    const common = { timeoutMs: config.timeoutMs, maxRetries: config.maxRetries };
    switch (id) {
      case 'openrouter':
        return createOpenAiCompatibleChat({
          id,
          baseUrl: config.openRouter.baseUrl,
          apiKey: config.openRouter.apiKey ?? '',
          defaultHeaders: openRouterHeaders,
          ...common,
        });
      case 'local':
        return createOpenAiCompatibleChat({
          id,
          baseUrl: config.openAiCompatible.baseUrl ?? '',
          // Ollama ignores the key, but the SDK insists on one.
          apiKey: config.openAiCompatible.apiKey ?? 'ollama',
          ...common,
        });
      case 'straico':
        return createStraicoChat({
          baseUrl: config.straico.baseUrl,
          apiKey: config.straico.apiKey ?? '',
          ...common,
        });
      case 'fal':
        throw new AppError(
          'bad_request',
          say('server.providers.falCannotChat', { provider: providerName('fal') }),
        );
    }
  }

  return {
    config,
    isConfigured: (id: AiProviderId) => configured[id],
    /** The models this server calls: the catalogue's and `AI_ALLOWED_MODELS` (allowed-models.ts). */
    models,
    configuredIds: (): AiProviderId[] =>
      (Object.keys(configured) as AiProviderId[]).filter((id) => configured[id]),
    /**
     * The chat client of a provider, refusing a chat model the server does not offer and cutting answers at each
     * request's `maxChars` (bounded-chat.ts); 503 when its key is missing, 400 when it cannot chat.
     */
    chat(id: AiProviderId): ChatProvider {
      if (id === 'fal') return buildChat(id);
      if (!configured[id]) throw providerNotConfigured(id);
      let client = chatClients.get(id);
      if (!client) {
        client = boundedChat(buildChat(id), (model) => models.require(id, model, { kind: 'chat' }));
        chatClients.set(id, client);
      }
      return client;
    },
    /** fal.ai's queue client, for images, video and audio; 503 naming FAL_KEY when the key is missing. */
    falQueue(): FalQueue {
      if (!configured.fal) throw providerNotConfigured('fal');
      falQueue ??= createFalQueue({
        queueUrl: config.fal.queueUrl,
        apiKey: config.fal.apiKey ?? '',
        timeoutMs: config.timeoutMs,
        maxRetries: config.maxRetries,
      });
      return falQueue;
    },
    /** Straico's image, video and speech calls; 503 naming STRAICO_API_KEY when the key is missing. */
    straicoMedia(): StraicoMedia {
      if (!configured.straico) throw providerNotConfigured('straico');
      straicoMedia ??= createStraicoMedia({
        baseUrl: config.straico.baseUrl,
        apiKey: config.straico.apiKey ?? '',
        maxRetries: config.maxRetries,
      });
      return straicoMedia;
    },
    /** Image output through OpenRouter's chat completions; 503 naming OPENROUTER_API_KEY when the key is missing. */
    openRouterImages(): OpenRouterImages {
      if (!configured.openrouter) throw providerNotConfigured('openrouter');
      openRouterImages ??= createOpenRouterImages({
        baseUrl: config.openRouter.baseUrl,
        apiKey: config.openRouter.apiKey ?? '',
        maxRetries: config.maxRetries,
        defaultHeaders: openRouterHeaders,
      });
      return openRouterImages;
    },
  };
}
