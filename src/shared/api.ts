import { z } from 'zod';
import { reason } from './texts.ts';

/** The answer of a call that only acts (delete, archive): `{success: true}`. */
export const successSchema = z.object({ success: z.literal(true) }).meta({ id: 'Success' });

/**
 * The `Idempotency-Key` request header of the calls that create or complete something, which a client may send twice (a retry after a
 * dropped connection, a change queued offline and sent when the connection returns): the same key answers the
 * first call's result and changes nothing (IETF draft "The Idempotency-Key HTTP Header Field"). A UUID per
 * creation is what the browser sends.
 */
export const idempotencyKeyHeadersSchema = z.object({
  'idempotency-key': z
    .string()
    .regex(/^[A-Za-z0-9._:-]{8,100}$/, reason('shared.api.idempotencyKey'))
    .optional()
    .meta({ description: 'A key naming this one change: sending it again answers the first result' }),
});
