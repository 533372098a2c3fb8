import { z } from 'zod';

export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  node: z.string(),
  uptime_s: z.number(),
});

export const readinessResponseSchema = z.object({
  status: z.enum(['ready', 'unavailable']),
  database: z.enum(['up', 'down']),
});
