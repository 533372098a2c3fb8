import { z } from 'zod';

/**
 * Every row id is a PostgreSQL `integer` (serial). A larger number names no row, and PostgreSQL refuses it in a
 * query (22003, "out of range for type integer"), so the edge refuses it first: 400 in a body, 404 in a path.
 */
export const MAX_ROW_ID = 2_147_483_647;

/** A row id sent in a JSON body. */
export const rowIdSchema = z.number().int().positive().max(MAX_ROW_ID);

/** A row id sent as text, in a path or a query string. */
export const rowIdParamSchema = z.coerce.number().int().positive().max(MAX_ROW_ID);
