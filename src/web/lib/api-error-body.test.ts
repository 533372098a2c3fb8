import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { errorStatusByCode } from '#shared/error-codes.ts';
import { apiErrorBodySchema } from '#shared/errors.ts';
import { readApiErrorBody } from './api-error-body.ts';

/** What the schema makes of a value: its parsed body, or null where it refuses it. */
const schemaVerdict = (value: unknown) => {
  const parsed = apiErrorBodySchema.safeParse(value);
  return parsed.success ? parsed.data : null;
};

const codes = Object.keys(errorStatusByCode);
/** Bodies near the real one: each part right, wrong or missing. */
const nearBody = fc.record(
  {
    error: fc.oneof(
      fc.record(
        {
          code: fc.oneof(fc.constantFrom(...codes), fc.string(), fc.integer(), fc.constant('__proto__')),
          message: fc.oneof(fc.string(), fc.integer(), fc.constant(null)),
          fields: fc.oneof(
            fc.dictionary(fc.string(), fc.string()),
            fc.dictionary(fc.string(), fc.oneof(fc.string(), fc.integer())),
            fc.array(fc.string()),
            fc.constant(null),
          ),
          extra: fc.anything(),
        },
        { requiredKeys: [] },
      ),
      fc.anything(),
    ),
    other: fc.anything(),
  },
  { requiredKeys: [] },
);

describe('readApiErrorBody', () => {
  it('reads the error body exactly as its schema does', () => {
    fc.assert(
      fc.property(fc.oneof(nearBody, fc.anything()), (value) => {
        expect(readApiErrorBody(value)).toEqual(schemaVerdict(value));
      }),
      { numRuns: 2_000 },
    );
  });

  it('keeps the code, the message and the fields of a real body', () => {
    const body = {
      error: { code: 'validation_failed', message: 'Check the form', fields: { title: 'Too long' } },
    };
    expect(readApiErrorBody(body)).toEqual(body);
    expect(readApiErrorBody({ error: { code: 'teapot', message: 'No' } })).toBeNull();
    expect(readApiErrorBody('<html>502</html>')).toBeNull();
  });
});
