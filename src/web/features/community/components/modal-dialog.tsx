/**
 * The community's dialogs use the app's one modal dialog (`#web/ui/dialog.tsx`); this name stays while the post
 * editor still imports it from here.
 */
export { ModalDialog } from '#web/ui/dialog.tsx';
