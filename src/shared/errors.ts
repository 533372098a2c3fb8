import { z } from 'zod';
import { type ErrorCode, errorStatusByCode } from './error-codes.ts';

/** The codes of src/shared/error-codes.ts, for the API's schema and the contract tests. */

export const errorCodeSchema = z.enum(Object.keys(errorStatusByCode) as [ErrorCode, ...ErrorCode[]]);

export const apiErrorBodySchema = z
  .object({
    error: z.object({
      code: errorCodeSchema,
      message: z.string(),
      /** For validation failures: the failing field paths and what is wrong with each. */
      fields: z.record(z.string(), z.string()).optional(),
    }),
  })
  .meta({ id: 'ApiError' });

export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;
