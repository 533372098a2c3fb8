import { AppError } from '#server/lib/http/errors.ts';
import { say } from '#server/lib/http/request-language.ts';
import { type AiProviderId, aiProviderLabels } from '#shared/ai.ts';
import { type Localized, verbatim } from '#shared/texts.ts';

/**
 * The three ways an external AI service fails, as the API reports them (docs/api.md, Conventions):
 * not configured 503, failed 502 with the provider's own message, timed out 504.
 */

/** Which variable to set, so the message tells an operator exactly what is missing. */
export const providerKeyVariable: Record<AiProviderId, string> = {
  openrouter: 'OPENROUTER_API_KEY',
  straico: 'STRAICO_API_KEY',
  fal: 'FAL_KEY',
  local: 'OPENAI_COMPAT_BASE_URL',
};

/** A provider as a member reads its name: its own (OpenRouter), or what it is (a local model). */
export function providerName(provider: ExternalServiceId): Localized {
  return provider === 'local' ? say('server.providers.localModel') : verbatim(serviceLabels[provider]);
}

export function providerNotConfigured(provider: AiProviderId): AppError {
  return new AppError(
    'provider_not_configured',
    say('server.providers.notConfigured', {
      provider: providerName(provider),
      variable: providerKeyVariable[provider],
    }),
  );
}

/** Services called through `providerFetch`: the AI providers, and OpenAlex, which research searches. */
export type ExternalServiceId = AiProviderId | 'openalex';
const serviceLabels: Record<ExternalServiceId, string> = { ...aiProviderLabels, openalex: 'OpenAlex' };

/** Provider messages are shown to members: bounded, single-line, and never echo our request back. */
export function providerFailed(provider: ExternalServiceId, providerMessage: string | undefined): AppError {
  // Cut before it is read: the message can be a model's whole answer (an image model's text instead of an image).
  const message = (providerMessage ?? '').slice(0, 2_000).replace(/\s+/g, ' ').trim().slice(0, 300);
  return new AppError(
    'provider_failed',
    // The provider's own words, as it wrote them: no catalogue holds them.
    message
      ? verbatim(`${serviceLabels[provider]}: ${message}`)
      : say('server.providers.failed', { provider: providerName(provider) }),
  );
}

export function providerTimeout(provider: ExternalServiceId): AppError {
  return new AppError(
    'provider_timeout',
    say('server.providers.timeout', { provider: providerName(provider) }),
  );
}

/**
 * The provider's connection dropped while its answer was being read (a reset, a proxy cutting it): undici throws
 * a bare `TypeError: terminated` whose cause is the socket's error, which no SDK wraps. It is the provider's
 * failure (502), never ours.
 */
export function isDroppedConnection(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const codeOf = (value: unknown) => (value as { code?: unknown } | undefined)?.code;
  const code = codeOf(error) ?? codeOf(error.cause);
  if (typeof code === 'string' && /^(ECONNRESET|EPIPE|UND_ERR_SOCKET|UND_ERR_CLOSED)$/.test(code))
    return true;
  return error instanceof TypeError && error.message === 'terminated';
}
