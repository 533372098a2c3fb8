import { and, eq } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { identities, type UserRow, users } from '#server/db/schema.ts';
import type { SessionUser } from '#server/lib/http/app-env.ts';
import type { IdentityClaims } from '#server/providers/identity-provider.ts';
import type { User } from '#shared/auth.ts';
import { ownPictureOrNone } from '#shared/profile.ts';

/**
 * Finds the member behind an identity, or creates them at their first sign-in. Profile fields follow the
 * provider (a changed Google name shows up at the next sign-in), and so do whether the email is verified and the
 * issuer that vouched for the subject (the operators' rule reads both, operators.ts).
 */
export async function upsertMemberFromIdentity(db: Db, claims: IdentityClaims, now: Date): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ userId: identities.userId })
      .from(identities)
      .where(and(eq(identities.provider, claims.provider), eq(identities.subject, claims.subject)))
      .limit(1);

    const signedInAs = {
      email: claims.email,
      emailVerified: claims.emailVerified,
      name: claims.name,
      picture: claims.picture,
      lastSignedInAt: now,
    };
    if (existing) {
      const [updated] = await tx
        .update(users)
        .set(signedInAs)
        .where(eq(users.id, existing.userId))
        .returning();
      if (updated) {
        await tx
          .update(identities)
          .set({ issuer: claims.issuer })
          .where(and(eq(identities.provider, claims.provider), eq(identities.subject, claims.subject)));
        return updated;
      }
    }

    const [created] = await tx
      .insert(users)
      .values({ ...signedInAs, createdAt: now })
      .returning();
    if (!created) throw new Error('insert into users returned no row');
    await tx.insert(identities).values({
      userId: created.id,
      provider: claims.provider,
      subject: claims.subject,
      issuer: claims.issuer,
    });
    return created;
  });
}

/** The member as the API shows them: only the fields of `userSchema`, never anything else of the row. */
export function presentUser(row: SessionUser): User {
  return {
    id: row.id,
    email: row.email,
    created_at: row.createdAt.toISOString(),
    last_signed_in_at: row.lastSignedInAt.toISOString(),
    // The sign-in provider's picture is a link to its host: shown only once it is a Lumara copy.
    google_user_data: { name: row.name, picture: ownPictureOrNone(row.picture) },
  };
}
