/** scripts/message-catalogues.ts: a language's catalogue, compiled for Lingui's runtime. */
declare module 'virtual:lumara-messages/*' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
