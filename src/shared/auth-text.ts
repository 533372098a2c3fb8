/*
 * The sign-in texts the browser shows, apart from auth.ts's schemas: every page's first load shows them, and
 * zod (about 25 KB gzip) stays out of that load.
 */

/** The sign-in and profile error texts (kept exactly as members know them). */
export const authErrorText = {
  fetchUser: (status: number) => `Failed to fetch user: API responded with HTTP status ${status}`,
  loginRedirect: (status: number) =>
    `Failed to get login redirect URL: API responded with HTTP status ${status}`,
  exchangeCode: (status: number) =>
    `Failed to exchange code for session token: API responded with HTTP status ${status}`,
  logout: 'Failed to logout',
  codeMissing: 'Cannot exchange code for session token: no code provided in the URL search params.',
  outsideProvider: 'useAuth must be used within a AuthProvider',
} as const;

/** The greeting uses the first word of the member's name. */
export function firstNameOf(name: string): string {
  return name.trim().split(/\s+/)[0] ?? '';
}
