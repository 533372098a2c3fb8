import { z } from 'zod';
import { type Profile, updateProfileRequestSchema } from '#shared/profile.ts';

const route = updateProfileRequestSchema.shape;

/**
 * `PUT /api/profile`'s own rule for a text field, taking the text the form always holds. The rule itself takes
 * more (null, the field left out), which the form never sends; typing its input as the form's value gives
 * react-hook-form one type for the fields and for the check (the value goes to the rule unchanged).
 */
function textRule<Rule extends z.ZodType>(rule: Rule) {
  return z.preprocess((text: string) => text, rule);
}

/**
 * The settings form's fields, what Profile Info and About Generator edit together, checked by the route's rules:
 * so the form refuses nothing the server takes, and says why in the server's words. What it gives is the body
 * to send: text trimmed, and a text field left empty or blank left out, so it stays as it was.
 */
export const profileDraftSchema = z.object({
  display_name: textRule(route.display_name.unwrap()),
  about: textRule(route.about.unwrap()),
  avatar_url: textRule(route.avatar_url.unwrap()),
  // The same for the tags: the form holds a list (the rule also takes JSON text of one).
  tags: z.preprocess((tags: string[]) => tags, route.tags.unwrap()),
  time_zone: textRule(route.time_zone.unwrap()),
});
export type ProfileDraft = z.input<typeof profileDraftSchema>;
export type ProfileDraftChanges = z.output<typeof profileDraftSchema>;

/**
 * The form's starting point. An avatar Lumara stores itself (a `/api/avatars/…` path) is not an https link the
 * URL field could hold: the field starts empty and, left empty, keeps it.
 */
export function draftFrom(profile: Profile, browserTimeZone: string): ProfileDraft {
  const avatar = profile.avatar_url ?? '';
  return {
    display_name: profile.display_name ?? '',
    about: profile.about ?? '',
    avatar_url: avatar.startsWith('https://') ? avatar : '',
    tags: profile.tags,
    time_zone: profile.time_zone ?? browserTimeZone,
  };
}
