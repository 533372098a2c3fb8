import { AppError } from '#server/lib/http/errors.ts';
import { say } from '#server/lib/http/request-language.ts';
import type { AiProviderId, ModelKind } from '#shared/ai.ts';
import { staticModelCatalogue } from '#shared/ai-catalogue.ts';
import { providerName } from './provider-errors.ts';

/**
 * The models this server calls on the operator's keys: those of the static catalogue, each for its provider and
 * kind, and the ids the operator allowed besides (`AI_ALLOWED_MODELS`), with any provider and for any kind. Any
 * other OpenRouter model or fal app a request names is refused, so a member cannot run up the bill of a model
 * nobody chose to offer. The local server is the operator's own, with no key to run up: it takes any id until the
 * operator lists its models (`OPENAI_COMPAT_MODELS`), then those.
 */
export type AllowedModels = {
  /** Whether `model` may be called on `provider`: for `kind`, or for any kind when none is named. */
  allows(provider: AiProviderId, model: string, kind?: ModelKind): boolean;
  /** Refuses a model `allows` refuses: 400 `validation_failed`, `field` (default `model`) saying why. */
  require(provider: AiProviderId, model: string, options?: { kind?: ModelKind; field?: string }): void;
};

export function createAllowedModels(options: {
  /** `AI_ALLOWED_MODELS`: ids allowed with any provider, for any kind. */
  extra: readonly string[];
  /** `OPENAI_COMPAT_MODELS`: the local server's models, when the operator listed them. */
  localModels: readonly string[];
}): AllowedModels {
  const extra = new Set(options.extra);
  const local = new Set(options.localModels);
  const listed = new Map<string, Set<string>>();
  for (const category of staticModelCatalogue) {
    for (const key of [`${category.provider} ${category.kind}`, category.provider]) {
      const ids = listed.get(key) ?? new Set<string>();
      for (const model of category.models) ids.add(model.id);
      listed.set(key, ids);
    }
  }

  const allows = (provider: AiProviderId, model: string, kind?: ModelKind) => {
    if (extra.has(model)) return true;
    if (provider === 'local') return local.size === 0 || local.has(model);
    return listed.get(kind ? `${provider} ${kind}` : provider)?.has(model) === true;
  };
  return {
    allows,
    require(provider, model, { kind, field = 'model' } = {}) {
      if (allows(provider, model, kind)) return;
      throw new AppError(
        'validation_failed',
        say('server.providers.modelNotOffered', { provider: providerName(provider), model }),
        { fields: { [field]: say('server.providers.chooseFromList') } },
      );
    },
  };
}
