/**
 * Loud tests: an unexpected console.error or console.warn fails the test that caused it.
 * A test that expects a log line takes it with `takeConsoleErrors()` and asserts on it.
 */
import { format } from 'node:util';

const captured: string[] = [];

export function recordConsoleLine(level: 'error' | 'warn', args: unknown[]): void {
  captured.push(`${level}: ${format(...args)}`);
}

/** Returns the console errors and warnings logged since the last call, and forgets them. */
export function takeConsoleErrors(): string[] {
  return captured.splice(0, captured.length);
}
