import type { SessionMember } from '#server/features/auth/sessions.service.ts';
import type { Logger } from '#server/lib/logger.ts';

/** What middleware puts on the Hono context for handlers to read. */
export type AppEnv = {
  Variables: {
    requestId: string;
    logger: Logger;
    /** Set by `requireMember`: the signed-in member acting in this request. */
    member: SessionMember;
  };
};
