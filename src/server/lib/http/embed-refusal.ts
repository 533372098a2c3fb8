import { EMBED_LIMITS, type EmbedRefusal } from '#shared/embeds.ts';
import type { Localized } from '#shared/texts.ts';
import { say } from './request-language.ts';

/**
 * Why a pasted link or embed code was refused (#shared/embeds.ts gives the code), in the request's language:
 * each code is a text of src/server/messages, `server.embeds.<code>`.
 */
export function embedRefusalText(refusal: EmbedRefusal): Localized {
  switch (refusal.code) {
    case 'lookalike':
      return say('server.embeds.lookalike', { provider: refusal.provider });
    case 'inputTooLong':
      return say('server.embeds.inputTooLong', { max: EMBED_LIMITS.inputMax.toLocaleString('en') });
    case 'urlTooLong':
      return say('server.embeds.urlTooLong', { max: EMBED_LIMITS.urlMax.toLocaleString('en') });
    case 'calendarTooMany':
      return say('server.embeds.calendarTooMany', { max: EMBED_LIMITS.calendarsMax });
    default:
      return say(`server.embeds.${refusal.code}`);
  }
}
