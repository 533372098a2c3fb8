import { users } from '#server/db/schema.ts';

/**
 * How the community names a member and shows their picture: the one place that decides it. Today that is the
 * sign-in name and picture on `users`; the profile issue gives members a display name and avatar of their own,
 * and only this function changes then (every post, comment, member and report query selects through it).
 */
export function authorColumns() {
  return { authorName: users.name, authorAvatar: users.picture };
}

/** The member list's name (part 2 §3 "Member" display_name): the same source as an author's name. */
export const memberDisplayName = () => users.name;
