import { sql } from 'drizzle-orm';
import { profiles, users } from '#server/db/schema.ts';
import { sharedText } from '#shared/texts.ts';

/**
 * How the community names a member and shows their picture: the one place that decides it. The profile's
 * display name and avatar when the member set them (`PUT /api/profile`, `set-avatar`), else the sign-in name and
 * picture on `users`. Every post, comment, member and report query selects through these, and so joins `users`
 * and then `profiles` on `profiles.user_id = users.id` (a left join: most members never save a profile). At
 * scale that join is one probe of the profile's primary key per row shown (community-lists.test.ts checks the
 * post list's plan).
 */
const profileDisplayName = sql`nullif(${profiles.displayName}, '')`;
/**
 * Only Lumara's own avatar copies (`ownPictureOrNone` in SQL): a link to another host, kept from before pictures
 * were copied or given by the sign-in provider, reads as none, so no reader's browser asks that host for it.
 */
const ownAvatar = (column: typeof profiles.avatarUrl | typeof users.picture) =>
  sql`case when ${column} like '/api/avatars/%' then ${column} end`;

/**
 * Posts and comments kept by a member who deleted their account belong to the one "Deleted member" row, named in
 * the reader's language.
 */
export function authorColumns() {
  return {
    authorName: sql<string>`case when ${users.kind} = 'deleted_member' then ${sharedText('shared.account.deletedMember')} else coalesce(${profileDisplayName}, ${users.name}) end`,
    authorAvatar: sql<string | null>`coalesce(${ownAvatar(profiles.avatarUrl)}, ${ownAvatar(users.picture)})`,
  };
}

/** The member list's name (`display_name`): the same source as an author's name. */
export const memberDisplayName = () => sql<string>`coalesce(${profileDisplayName}, ${users.name})`;
