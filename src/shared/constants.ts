/** Business constants of part 1 §9 that more than one side needs. Values exactly as the spec gives them. */
export const TOAST_MS = { undo: 6000, success: 3000 } as const;
