import { z } from 'zod';
import { reason } from './texts.ts';

/** The member as the API shows them. Nothing else of the row leaves the server. */
export const userSchema = z
  .object({
    id: z.number().int(),
    email: z.string(),
    created_at: z.string(),
    last_signed_in_at: z.string(),
    google_user_data: z.object({
      name: z.string(),
      picture: z.string().nullable(),
    }),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof userSchema>;

/** `GET /api/oauth/google/redirect_url` */
export const redirectUrlResponseSchema = z.object({ redirectUrl: z.string() });

/** `POST /api/sessions`: the code (and state) the identity provider sent back to /auth/callback. */
export const createSessionRequestSchema = z
  .object({
    code: z.string().min(1).max(2048),
    state: z.string().min(1).max(512),
  })
  .strict();
export type CreateSessionRequest = z.infer<typeof createSessionRequestSchema>;

/** `GET /api/auth/mode`: which identity provider signs members in, so /login can say so. */
export const signInModeSchema = z.enum(['google', 'development']);
export type SignInMode = z.infer<typeof signInModeSchema>;
export const signInModeResponseSchema = z.object({ mode: signInModeSchema });

/**
 * `POST /api/dev-identity/authorize`: the development identity provider's consent form. Only served when
 * no Google client is configured and NODE_ENV is not production.
 */
export const devAuthorizeRequestSchema = z
  .object({
    name: z.string().trim().min(1, reason('shared.auth.typeName')).max(100),
    email: z.email(reason('shared.auth.typeEmailAddress')).max(254),
    state: z.string().min(1).max(512),
    nonce: z.string().min(1).max(512),
    code_challenge: z.string().min(43).max(128),
  })
  .strict();
export type DevAuthorizeRequest = z.infer<typeof devAuthorizeRequestSchema>;
export const devAuthorizeResponseSchema = z.object({ redirectUrl: z.string() });

/**
 * One of the member's signed-in browsers (`GET /api/sessions`). `id` is the session's public id, never anything of
 * its token; `browser` and `os` are what its User-Agent said at sign-in (null when it named none we know);
 * `last_seen_at` moves at most once an hour; `current` marks the session of the request.
 */
export const memberSessionSchema = z
  .object({
    id: z.uuid(),
    browser: z.string().nullable(),
    os: z.string().nullable(),
    signed_in_at: z.string(),
    last_seen_at: z.string(),
    current: z.boolean(),
  })
  .meta({ id: 'MemberSession' });
export type MemberSession = z.infer<typeof memberSessionSchema>;

export const memberSessionsResponseSchema = z.object({ sessions: z.array(memberSessionSchema) });
export type MemberSessionsResponse = z.infer<typeof memberSessionsResponseSchema>;

/** `DELETE /api/sessions/{id}`: a session id that is not a UUID names none, as an unknown one (404). */
export const sessionIdParamsSchema = z.object({
  id: z
    .uuid(reason('shared.auth.sessionNotFound'))
    .meta({ description: "The session's public id", format: 'uuid' }),
});

/** `DELETE /api/sessions/others`: how many sessions ended. */
export const endOtherSessionsResponseSchema = z.object({ ended: z.number().int().min(0) });
export type EndOtherSessionsResponse = z.infer<typeof endOtherSessionsResponseSchema>;
