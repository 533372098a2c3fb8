import { ApiError } from '#web/lib/api-client.ts';

/**
 * The words to show for a failed call: the server's own message when it answered one (it has logged the
 * failure), else `fallback`, and the unexpected failure (network, a broken answer) goes to the console.
 */
export function errorText(error: Error, fallback: string, what: string): string {
  if (error instanceof ApiError && error.code !== 'unknown') return error.message;
  console.error(`Failed to ${what}: ${error.message}`);
  return fallback;
}
