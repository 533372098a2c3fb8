import { Sparkles, X } from 'lucide-react';
import { useId, useState } from 'react';
import type { QuickAction } from '#shared/quick-actions.ts';
import { useT } from '#web/lib/i18n/use-t.ts';
import { Alert } from '#web/ui/alert.tsx';
import { Button, IconButton } from '#web/ui/button.tsx';
import { ConfirmDialog } from '#web/ui/confirm-dialog.tsx';
import { LoadError } from '#web/ui/load-error.tsx';
import { useDeleteQuickAction } from '../api/delete-quick-action.ts';
import { useQuickActions } from '../api/get-quick-actions.ts';
import { useSeedQuickActions } from '../api/seed-quick-actions.ts';
import { quickActionLabel } from '../model/starter-labels.ts';

/**
 * The quick actions row: one chip per action, run on the selected text of the message input.
 * With none, the member can add the five starter actions.
 */
export function QuickActionsRow({
  disabled,
  onRun,
}: {
  /** While a reply streams or no thread is open. */
  disabled: boolean;
  onRun: (action: QuickAction) => void;
}) {
  const t = useT();
  const id = useId();
  const actions = useQuickActions();
  const seed = useSeedQuickActions();
  const remove = useDeleteQuickAction();
  const [confirming, setConfirming] = useState<QuickAction | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  function seedStarters() {
    setProblem(null);
    seed.mutate(undefined, {
      onError: (error) => {
        console.error(`Failed to add the starter quick actions: ${error.message}`);
        setProblem(t('quickActions.row.seedFailed'));
      },
    });
  }

  function confirmDelete() {
    if (!confirming) return;
    remove.mutate(confirming, {
      onSuccess: () => {
        setProblem(null);
        setConfirming(null);
      },
      onError: (error) => {
        console.error(`Failed to delete quick action ${confirming.id}: ${error.message}`);
        setProblem(t('quickActions.row.deleteFailed'));
        setConfirming(null);
      },
    });
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-2">
      <h3 id={`${id}-heading`} className="inline-flex items-center gap-2 text-sm font-bold text-(--ink)">
        <Sparkles aria-hidden="true" className="size-4 text-(--accent)" />
        {t('quickActions.row.heading')}
      </h3>
      {actions.isPending ? (
        <div role="status" className="h-11 animate-pulse rounded-full bg-(--surface-strong)">
          <span className="sr-only">{t('quickActions.row.loading')}</span>
        </div>
      ) : actions.isError ? (
        <LoadError
          what={t('quickActions.row.what')}
          error={actions.error}
          retrying={actions.isFetching}
          onRetry={() => void actions.refetch()}
        />
      ) : actions.data.length === 0 ? (
        <div className="flex flex-wrap items-center gap-3">
          <p className="font-semibold text-(--ink)">{t('quickActions.row.empty')}</p>
          <Button variant="secondary" busy={seed.isPending} onClick={seedStarters}>
            {t('quickActions.row.seed')}
          </Button>
        </div>
      ) : (
        <>
          <ul className="flex flex-wrap gap-2">
            {actions.data.map((action) => (
              <li
                key={action.id}
                className="inline-flex items-center rounded-full border border-(--line) bg-(--surface-strong)"
              >
                <Button
                  variant="bare"
                  disabled={disabled}
                  onClick={() => onRun(action)}
                  title={
                    action.payload.type === 'research'
                      ? t('quickActions.row.researchSelection')
                      : t('quickActions.row.runOnSelection')
                  }
                  className="inline-flex min-h-11 items-center gap-2 rounded-l-full py-2 pr-2 pl-4 text-sm font-semibold text-(--ink) hover:bg-(--surface) disabled:cursor-not-allowed disabled:opacity-60"
                >
                  <span aria-hidden="true">{action.icon}</span>
                  {quickActionLabel(t, action)}
                </Button>
                <IconButton
                  label={t('quickActions.row.deleteLabel', { label: quickActionLabel(t, action) })}
                  onClick={() => setConfirming(action)}
                  className="grid min-h-11 min-w-11 place-items-center rounded-r-full text-(--ink-muted) hover:bg-(--surface) hover:text-(--danger)"
                >
                  <X aria-hidden="true" className="size-4" />
                </IconButton>
              </li>
            ))}
          </ul>
          <p className="text-xs text-(--ink-muted)">{t('quickActions.row.selectionHint')}</p>
        </>
      )}
      {problem ? <Alert>{problem}</Alert> : null}
      {confirming ? (
        <ConfirmDialog
          title={t('quickActions.delete.title')}
          message={t('quickActions.delete.question')}
          confirmLabel={t('quickActions.delete.confirm')}
          busy={remove.isPending}
          onConfirm={confirmDelete}
          onCancel={() => setConfirming(null)}
        />
      ) : null}
    </section>
  );
}
