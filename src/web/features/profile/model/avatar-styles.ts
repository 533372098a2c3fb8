import { type AvatarStyle, avatarStyles, DEFAULT_DISPLAY_NAME } from '#shared/profile.ts';
import type { MessageKey } from '#web/lib/i18n/use-t.ts';

/**
 * A style as the member sees it (`label` and `description` are messages; the label takes the member's `name`)
 * and the prompt the image model gets, which stays English whatever the interface's language.
 */
export type AvatarStyleOption = {
  style: AvatarStyle;
  label: MessageKey;
  description: MessageKey;
  /** The member's name as the cartoon's label and prompt say it. */
  name: string;
  prompt: string;
};

/**
 * The avatar styles, each with the prompt the server's image model gets. The cartoon is named after
 * the member ("Cartoon Ada"); every prompt asks for a square, centred portrait that reads at small sizes.
 */
export function avatarStyleOptions(displayName: string): AvatarStyleOption[] {
  const name = displayName.trim() || DEFAULT_DISPLAY_NAME;
  const framing = 'square avatar, centred head and shoulders, soft pastel background, no text';
  const options: Record<AvatarStyle, Omit<AvatarStyleOption, 'style' | 'name'>> = {
    cartoon: {
      label: 'profile.avatarStyle.cartoon',
      description: 'profile.avatarStyle.cartoonDescription',
      prompt: `A cheerful cartoon character portrait called ${name}, big friendly eyes, clean bold outlines, pastel pink and lavender palette, ${framing}`,
    },
    'stage-diva': {
      label: 'profile.avatarStyle.stageDiva',
      description: 'profile.avatarStyle.stageDivaDescription',
      prompt: `A glamorous stage diva portrait, spotlight glow, sequins and sparkles, confident smile, magenta and gold highlights, ${framing}`,
    },
    'parrot-pals': {
      label: 'profile.avatarStyle.parrotPals',
      description: 'profile.avatarStyle.parrotPalsDescription',
      prompt: `A playful illustrated portrait with two colourful parrot friends perched on the shoulders, tropical leaves, bright pastel feathers, ${framing}`,
    },
  };
  return avatarStyles.map((style) => ({ style, name, ...options[style] }));
}
