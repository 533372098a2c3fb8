import { createContext } from 'react';
import type { User } from '#shared/auth.ts';

/** The session's state and what changes it (sign-in, sign-out, reload of the member). */
export type AuthState = {
  user: User | null;
  /** True until the first user fetch settles, success or failure. */
  pending: boolean;
  /** True while a user fetch is in flight. */
  fetching: boolean;
  /** Asks for the identity provider's address and sends the browser there. */
  redirectToLogin: () => Promise<void>;
  /** Posts `code` and `state` from the callback's search params, at most once per code. */
  exchangeCodeForSessionToken: (searchParams: URLSearchParams) => Promise<void>;
  /** Fetches the member again; concurrent calls share one request. */
  fetchUser: () => Promise<User | null>;
  /** Clears the member locally, then tells the server. Never rejects. */
  logout: () => Promise<void>;
};

export const AuthContext = createContext<AuthState | undefined>(undefined);
