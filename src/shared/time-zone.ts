import { z } from 'zod';
import { reason } from './texts.ts';

/** An IANA time zone name as the browser reports it (Intl), e.g. America/Santiago. */
export const timeZoneSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_+\-/]+$/, reason('shared.timeZone.notAName'));
