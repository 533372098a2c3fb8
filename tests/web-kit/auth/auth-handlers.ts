import { http } from 'msw';
import { type SignInMode, signInModeResponseSchema, type User, userSchema } from '#shared/auth.ts';
import { contractAnswer, errorResponse } from '#tests/web-kit/http-answers.ts';

/** `GET /api/users/me` of a signed-in member, read with the contract's user schema. */
export function userAnswer(user: User) {
  return contractAnswer(userSchema, user);
}

/** `GET /api/users/me` of a visitor without a session. */
export function noSessionAnswer() {
  return errorResponse(401, 'unauthenticated');
}

/** `GET /api/auth/mode`: which identity provider signs members in. */
export function signInModeHandler(mode: SignInMode = 'google') {
  return http.get('/api/auth/mode', () => contractAnswer(signInModeResponseSchema, { mode }));
}
