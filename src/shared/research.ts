import { z } from 'zod';
import { reason } from './texts.ts';

/** Research with real citations. */

/** Works of the last 10 years; a synthesis of 150–200 words. */
export const RESEARCH_YEARS = 10;
export const RESEARCH_SYNTHESIS_WORDS = { min: 150, max: 200 } as const;
export const RESEARCH_RESULTS = 8;
export const RESEARCH_QUERY_MAX = 300;

export const researchRequestSchema = z.object({
  query: z
    .string()
    .trim()
    .min(1, reason('shared.research.emptyTopic'))
    .max(RESEARCH_QUERY_MAX, reason('shared.limits.atMostCharacters', { max: RESEARCH_QUERY_MAX })),
});

export const researchItemSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    year: z.number().int().nullable(),
    /** The full reference in Harvard style, formatted by a citation processor (CSL). */
    harvard: z.string(),
    doiUrl: z.string().nullable(),
    /** A free (open access) copy, when one exists. */
    oaUrl: z.string().nullable(),
  })
  .meta({ id: 'ResearchItem' });
export type ResearchItem = z.infer<typeof researchItemSchema>;

export const researchResponseSchema = z
  .object({
    query: z.string(),
    /** How many works matched, of which `items` are the most relevant. */
    count: z.number().int(),
    yearMin: z.number().int(),
    items: z.array(researchItemSchema),
    synthesis: z.string(),
  })
  .meta({ id: 'ResearchResponse' });
export type ResearchResponse = z.infer<typeof researchResponseSchema>;
