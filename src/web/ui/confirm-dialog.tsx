import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useT } from '#web/lib/i18n/use-t.ts';
import { Button } from './button.tsx';
import { useReturnFocus } from './use-return-focus.ts';

/**
 * A modal yes/no question on Radix AlertDialog (role alertdialog), open while it is mounted: focus starts on
 * Cancel and stays inside, Escape cancels, a press outside does nothing, and focus returns to what had it before.
 * Used instead of `window.confirm`, which cannot be styled or tested.
 */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  busy = false,
  onConfirm,
  onCancel,
}: {
  title: string;
  message: string;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const t = useT();
  const returnFocus = useReturnFocus();

  return (
    <AlertDialog.Root
      open
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
    >
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 grid place-items-center bg-black/50 p-4">
          <AlertDialog.Content
            aria-modal="true"
            onOpenAutoFocus={returnFocus.remember}
            onCloseAutoFocus={returnFocus.restore}
            className="glass flex w-full max-w-sm flex-col gap-4 rounded-3xl bg-(--surface-strong) p-6"
          >
            <AlertDialog.Title className="text-lg font-bold text-(--ink)">{title}</AlertDialog.Title>
            <AlertDialog.Description className="text-(--ink)">{message}</AlertDialog.Description>
            <div className="flex justify-end gap-3">
              <AlertDialog.Cancel asChild>
                <Button variant="secondary">{t('ui.cancel')}</Button>
              </AlertDialog.Cancel>
              <Button busy={busy} onClick={onConfirm} className="bg-(--danger)! text-(--on-danger)!">
                {confirmLabel}
              </Button>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Overlay>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
