/** Navigation state the callback page hands to /login when a sign-in did not complete. */
export const signInFailedState = { signInFailed: true } as const;

export function isSignInFailedState(state: unknown): state is typeof signInFailedState {
  return (
    typeof state === 'object' && state !== null && 'signInFailed' in state && state.signInFailed === true
  );
}
