/** The connected apps' query keys: making or revoking a token changes the list, and revoking one its calls. */
export const tokenKeys = {
  all: ['tokens'] as const,
  list: ['tokens', 'list'] as const,
  calls: ['tokens', 'calls'] as const,
};
