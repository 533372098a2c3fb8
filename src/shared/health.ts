import { z } from 'zod';

export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  node: z.string(),
  uptime_s: z.number(),
});

const partStateSchema = z.enum(['up', 'down']);

/** `GET /readyz`: each part the server needs, up or down; Redis and the object store only where configured. */
export const readinessResponseSchema = z.object({
  status: z.enum(['ready', 'unavailable']),
  database: partStateSchema,
  redis: partStateSchema.optional(),
  object_store: partStateSchema.optional(),
});
