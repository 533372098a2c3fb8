import { z } from 'zod';
import { reason } from './texts.ts';

/**
 * A member's account as a whole ("Your data"): deleting it, and exporting everything in it.
 */

/** What happens to the member's community posts and comments when the account goes. */
export const communityContentChoices = ['delete', 'keep'] as const;

/** The name their kept posts and comments show afterwards. */
export const DELETED_MEMBER_NAME = 'Deleted member';

/**
 * `DELETE /api/account`: the member types their email to confirm (compared without case or surrounding
 * spaces), and chooses whether their posts and comments go with them or stay under "Deleted member".
 */
export const deleteAccountRequestSchema = z
  .object({
    email: z
      .string()
      .trim()
      .min(1, reason('shared.account.typeEmail'))
      .max(320, reason('shared.limits.atMostCharacters', { max: 320 })),
    community: z.enum(communityContentChoices),
  })
  .strict();
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequestSchema>;

/** What went: counts the member can read back in the goodbye message. */
export const deleteAccountResponseSchema = z
  .object({
    deleted: z.literal(true),
    /** Posts left under "Deleted member" (0 when they went with the account). */
    posts_kept: z.number().int(),
  })
  .meta({ id: 'DeletedAccount' });
export type DeleteAccountResponse = z.infer<typeof deleteAccountResponseSchema>;

/** `POST /api/account/import?mode=`: `preview` reads and checks the archive and writes nothing; `apply` imports. */
export const importModes = ['preview', 'apply'] as const;
export const importAccountQuerySchema = z.object({ mode: z.enum(importModes).default('preview') });

/** Per kind of the archive: how many it holds, and how many are new here (the rest are exact duplicates). */
export const importKindCountSchema = z.object({
  kind: z.string(),
  in_archive: z.number().int(),
  to_add: z.number().int(),
});

export const importAccountResponseSchema = z
  .object({
    /** False for a preview: nothing was written. */
    applied: z.boolean(),
    kinds: z.array(importKindCountSchema),
    /** Comments and likes on other members' posts: kept in the archive to read, never imported. */
    not_imported: z.number().int(),
  })
  .meta({ id: 'AccountImport' });
export type AccountImportSummary = z.infer<typeof importAccountResponseSchema>;
