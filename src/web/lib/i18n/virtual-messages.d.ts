/** scripts/message-catalogues.ts: a catalogue, compiled for Lingui's runtime. */
declare module 'virtual:lumara-messages/*' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}

/** scripts/message-catalogues.ts (`TEXT_ROUTES`): each part of the app's texts, a loader per language. */
declare module 'virtual:lumara-messages/routes' {
  import type { Texts } from '#web/lib/i18n/i18n.ts';
  export const routeTexts: Record<
    | 'shell'
    | 'notFound'
    | 'devSignIn'
    | 'dashboard'
    | 'focus'
    | 'insights'
    | 'studio'
    | 'community'
    | 'music'
    | 'settings',
    Texts
  >;
}
