import { Sparkles, X } from 'lucide-react';
import { useId, useState } from 'react';
import type { QuickAction } from '#shared/quick-actions.ts';
import { Alert } from '#web/ui/alert.tsx';
import { Button } from '#web/ui/button.tsx';
import { ConfirmDialog } from '#web/ui/confirm-dialog.tsx';
import { LoadError } from '#web/ui/load-error.tsx';
import { useDeleteQuickAction } from '../api/delete-quick-action.ts';
import { useQuickActions } from '../api/get-quick-actions.ts';
import { useSeedQuickActions } from '../api/seed-quick-actions.ts';

export const NO_QUICK_ACTIONS_TEXT = 'No Quick Actions Yet';
export const DELETE_QUICK_ACTION_QUESTION = 'Are you sure you want to delete this quick action?';

/**
 * The quick actions row (part 2 §2, §4): one chip per action, run on the selected text of the message input.
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
        setProblem('Could not add the starter actions. Please try again.');
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
        setProblem('Could not delete that quick action. Please try again.');
        setConfirming(null);
      },
    });
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-2">
      <h3 id={`${id}-heading`} className="inline-flex items-center gap-2 text-sm font-bold text-(--ink)">
        <Sparkles aria-hidden="true" className="size-4 text-(--accent)" />
        Quick actions
      </h3>
      {actions.isPending ? (
        <div role="status" className="h-11 animate-pulse rounded-full bg-(--surface-strong)">
          <span className="sr-only">Loading your quick actions</span>
        </div>
      ) : actions.isError ? (
        <LoadError
          what="quick actions"
          error={actions.error}
          retrying={actions.isFetching}
          onRetry={() => void actions.refetch()}
        />
      ) : actions.data.length === 0 ? (
        <div className="flex flex-wrap items-center gap-3">
          <p className="font-semibold text-(--ink)">{NO_QUICK_ACTIONS_TEXT}</p>
          <Button variant="secondary" busy={seed.isPending} onClick={seedStarters}>
            Add the 5 starter actions
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
                <button
                  type="button"
                  disabled={disabled}
                  onClick={() => onRun(action)}
                  title={
                    action.payload.type === 'research'
                      ? 'Research the selected text'
                      : 'Run on the selected text'
                  }
                  className="inline-flex min-h-11 items-center gap-2 rounded-l-full py-2 pr-2 pl-4 text-sm font-semibold text-(--ink) hover:bg-(--surface) disabled:cursor-not-allowed disabled:opacity-60"
                >
                  <span aria-hidden="true">{action.icon}</span>
                  {action.label}
                </button>
                <button
                  type="button"
                  aria-label={`Delete quick action ${action.label}`}
                  onClick={() => setConfirming(action)}
                  className="grid min-h-11 min-w-11 place-items-center rounded-r-full text-(--ink-muted) hover:bg-(--surface) hover:text-(--danger)"
                >
                  <X aria-hidden="true" className="size-4" />
                </button>
              </li>
            ))}
          </ul>
          <p className="text-xs text-(--ink-muted)">
            Select part of your message first, or an action uses the whole message.
          </p>
        </>
      )}
      {problem ? <Alert>{problem}</Alert> : null}
      {confirming ? (
        <ConfirmDialog
          title="Delete quick action"
          message={DELETE_QUICK_ACTION_QUESTION}
          confirmLabel="Delete"
          busy={remove.isPending}
          onConfirm={confirmDelete}
          onCancel={() => setConfirming(null)}
        />
      ) : null}
    </section>
  );
}
