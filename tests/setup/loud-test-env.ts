import { afterEach, beforeEach, vi } from 'vitest';
import { recordConsoleLine, takeConsoleErrors } from './console-capture.ts';

beforeEach(() => {
  takeConsoleErrors();
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => recordConsoleLine('error', args));
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => recordConsoleLine('warn', args));
});

afterEach(() => {
  vi.restoreAllMocks();
  const unexpected = takeConsoleErrors();
  if (unexpected.length > 0) {
    throw new Error(
      `Unexpected console output (take it with takeConsoleErrors() if expected):\n${unexpected.join('\n')}`,
    );
  }
});
