import { expect } from 'vitest';
import { AppError } from '#server/lib/http/errors.ts';

/** The AppError a provider call rejects with; fails the test when it resolves or rejects with anything else. */
export async function failureOf(work: Promise<unknown>): Promise<AppError> {
  const error = await work.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}
