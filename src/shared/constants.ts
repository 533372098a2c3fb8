/** Business constants that more than one side needs (kept exactly as members know them). */
export const TOAST_MS = { undo: 6000, success: 3000 } as const;
