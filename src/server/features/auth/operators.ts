import { eq } from 'drizzle-orm';
import type { OperatorsConfig } from '#server/config.ts';
import type { Db } from '#server/db/database.ts';
import { identities } from '#server/db/schema.ts';
import type { SessionUser } from '#server/lib/http/app-env.ts';

/**
 * Whether the configuration names this member an operator (decision 0029). Rights follow the identity, never an
 * email alone: one of the member's identities is an `ADMIN_SUBJECTS` issuer and subject, or, as a bootstrap, their
 * email is in `ADMIN_EMAILS` and the identity provider vouched for it at their last sign-in (`email_verified`).
 * An unverified email, which anyone can type or claim, names nobody. Read per call, so a changed configuration
 * holds from the server's next start, without anyone signing in again.
 */
export async function namesOperator(
  db: Db,
  member: Pick<SessionUser, 'id' | 'email' | 'emailVerified'>,
  operators: OperatorsConfig,
): Promise<boolean> {
  if (member.emailVerified && operators.verifiedEmails.includes(member.email.trim().toLowerCase()))
    return true;
  if (operators.subjects.length === 0) return false;
  const theirs = await db
    .select({ issuer: identities.issuer, subject: identities.subject })
    .from(identities)
    .where(eq(identities.userId, member.id));
  return theirs.some((identity) =>
    operators.subjects.some(
      (named) => named.issuer === identity.issuer && named.subject === identity.subject,
    ),
  );
}
