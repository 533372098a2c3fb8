import { use } from 'react';
import { authErrorText } from '#shared/auth-text.ts';
import { AuthContext, type AuthState } from './auth-context.ts';

export function useAuth(): AuthState {
  const auth = use(AuthContext);
  if (!auth) {
    throw new Error(authErrorText.outsideProvider);
  }
  return auth;
}
