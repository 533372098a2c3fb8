import { z } from 'zod';

/** The answer of a call that only acts (delete, archive): `{success: true}`. */
export const successSchema = z.object({ success: z.literal(true) }).meta({ id: 'Success' });
