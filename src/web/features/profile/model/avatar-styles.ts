import { type AvatarStyle, avatarStyles, DEFAULT_DISPLAY_NAME } from '#shared/profile.ts';

export type AvatarStyleOption = { style: AvatarStyle; label: string; description: string; prompt: string };

/**
 * Part 1 §9's avatar styles, each with the prompt the server's image model gets. The cartoon is named after
 * the member ("Cartoon Ada"); every prompt asks for a square, centred portrait that reads at small sizes.
 */
export function avatarStyleOptions(displayName: string): AvatarStyleOption[] {
  const name = displayName.trim() || DEFAULT_DISPLAY_NAME;
  const framing = 'square avatar, centred head and shoulders, soft pastel background, no text';
  const options: Record<AvatarStyle, Omit<AvatarStyleOption, 'style'>> = {
    cartoon: {
      label: `Cartoon ${name}`,
      description: `A cheerful cartoon portrait named after you.`,
      prompt: `A cheerful cartoon character portrait called ${name}, big friendly eyes, clean bold outlines, pastel pink and lavender palette, ${framing}`,
    },
    'stage-diva': {
      label: 'Stage Diva',
      description: 'Glamour under the spotlight, sequins and sparkle.',
      prompt: `A glamorous stage diva portrait, spotlight glow, sequins and sparkles, confident smile, magenta and gold highlights, ${framing}`,
    },
    'parrot-pals': {
      label: 'Parrot Pals',
      description: 'You with Lumara’s colourful parrot friends.',
      prompt: `A playful illustrated portrait with two colourful parrot friends perched on the shoulders, tropical leaves, bright pastel feathers, ${framing}`,
    },
  };
  return avatarStyles.map((style) => ({ style, ...options[style] }));
}
