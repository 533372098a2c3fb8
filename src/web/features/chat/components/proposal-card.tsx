import { Check, ExternalLink, Undo2, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { Proposal, ProposalChange } from '#shared/agent-tools.ts';
import { useFormat } from '#web/lib/i18n/format.ts';
import { useT } from '#web/lib/i18n/use-t.ts';
import { Button } from '#web/ui/button.tsx';
import { cn } from '#web/ui/cn.ts';
import { type ProposalAction, useProposalAction } from '../api/proposal-actions.ts';
import { canUndo, draftLinks, fieldLabel, fieldValue, validChanges } from '../model/proposal-view.ts';

/**
 * The changes an AI reply proposed, under the reply: each change (its summary and the fields it moves, "before →
 * after"), then Apply all and Reject while pending; Applied with Undo (for 24 hours) and a link to a drafted post;
 * Undone; Rejected. A change the server found invalid is struck through with its reason and never applied.
 */
export function ProposalCard({ threadId, proposal }: { threadId: number; proposal: Proposal }) {
  const t = useT();
  const id = useId();
  const action = useProposalAction(threadId, proposal.id);
  const running: ProposalAction | undefined = action.isPending ? action.variables : undefined;
  const applicable = validChanges(proposal).length;
  const results = action.data?.proposal.id === proposal.id ? action.data.results : null;
  const links = draftLinks(proposal, results);
  const undoable = canUndo(proposal, Date.now());

  // The button pressed goes away with the state it belonged to: keyboard focus moves to what follows (Undo after
  // an apply, else the card's status line) instead of falling back to the page.
  const undoRef = useRef<HTMLButtonElement>(null);
  const statusRef = useRef<HTMLParagraphElement>(null);
  const [focusAfter, setFocusAfter] = useState<ProposalAction | null>(null);
  useEffect(() => {
    if (focusAfter === null || proposal.status === 'pending') return;
    (focusAfter === 'apply' && undoRef.current ? undoRef.current : statusRef.current)?.focus();
    setFocusAfter(null);
  }, [focusAfter, proposal.status]);

  function run(next: ProposalAction) {
    if (action.isPending) return;
    action.mutate(next, { onSuccess: () => setFocusAfter(next) });
  }

  return (
    <section
      aria-labelledby={`${id}-heading`}
      aria-busy={action.isPending || undefined}
      className="mt-2 flex flex-col gap-3 rounded-2xl border border-(--ink)/10 bg-(--surface) p-3 text-sm"
    >
      <div>
        <h3 id={`${id}-heading`} className="font-bold text-(--ink)">
          {t('chat.proposal.heading')}
        </h3>
        {proposal.status === 'pending' ? (
          <p className="text-xs text-(--ink-muted)">{t('chat.proposal.applicable', { count: applicable })}</p>
        ) : null}
      </div>
      <ul className="flex flex-col gap-2">
        {proposal.changes.map((change, index) => (
          // Changes have no id of their own; their order is fixed for the proposal's life.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above.
          <ChangeLine key={index} change={change} />
        ))}
      </ul>

      <p ref={statusRef} tabIndex={-1} role="status" className="font-semibold text-(--ink) empty:hidden">
        {proposal.status === 'applied'
          ? t('chat.proposal.applied')
          : proposal.status === 'undone'
            ? t('chat.proposal.undone')
            : proposal.status === 'rejected'
              ? t('chat.proposal.rejected')
              : ''}
      </p>

      {action.isError ? (
        <p role="alert" className="font-medium text-(--danger)">
          {action.error.message || t('chat.proposal.failed')}
        </p>
      ) : null}

      {proposal.status === 'pending' ? (
        <div className="flex flex-wrap gap-2">
          <Button
            busy={running === 'apply'}
            disabled={action.isPending || applicable === 0}
            onClick={() => run('apply')}
            className="min-h-10! px-4! py-1.5!"
          >
            {running === 'apply' ? null : <Check aria-hidden="true" className="size-4" />}
            {t('chat.proposal.applyAll')}
          </Button>
          <Button
            variant="secondary"
            busy={running === 'reject'}
            disabled={action.isPending}
            onClick={() => run('reject')}
            className="min-h-10! px-4! py-1.5!"
          >
            {running === 'reject' ? null : <X aria-hidden="true" className="size-4" />}
            {t('chat.proposal.reject')}
          </Button>
        </div>
      ) : null}

      {proposal.status === 'applied' && (undoable || links.length > 0) ? (
        <div className="flex flex-wrap items-center gap-2">
          {links.map((url) => (
            <Link
              key={url}
              to={url}
              className="inline-flex min-h-10 items-center gap-2 rounded-full px-4 py-1.5 font-semibold text-(--accent-strong) underline underline-offset-2 hover:bg-(--surface-strong)"
            >
              <ExternalLink aria-hidden="true" className="size-4" />
              {t('chat.proposal.openDraft')}
            </Link>
          ))}
          {undoable ? (
            <Button
              ref={undoRef}
              variant="secondary"
              busy={running === 'undo'}
              onClick={() => run('undo')}
              className="min-h-10! px-4! py-1.5!"
            >
              {running === 'undo' ? null : <Undo2 aria-hidden="true" className="size-4" />}
              {t('chat.proposal.undo')}
            </Button>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

function ChangeLine({ change }: { change: ProposalChange }) {
  const t = useT();
  const format = useFormat();
  return (
    <li className={cn('flex flex-col gap-0.5', change.valid ? 'text-(--ink)' : 'text-(--ink-muted)')}>
      <p className={cn('break-words', change.valid ? 'font-medium' : 'line-through')}>{change.summary}</p>
      {change.fields.length > 0 ? (
        <ul className={cn('flex flex-col text-xs text-(--ink-muted)', change.valid ? null : 'line-through')}>
          {change.fields.map((field) => (
            <li key={field.field} className="break-words">
              <span className="font-semibold">{fieldLabel(t, field.field)}:</span>{' '}
              {field.before === null ? null : (
                <>
                  {fieldValue(t, format, field.field, field.before)} <span aria-hidden="true">→</span>{' '}
                  <span className="sr-only">{t('chat.proposal.to')} </span>
                </>
              )}
              {fieldValue(t, format, field.field, field.after)}
            </li>
          ))}
        </ul>
      ) : null}
      {change.valid ? null : (
        <p className="text-xs font-medium text-(--danger)">
          {t('chat.proposal.notApplied', { reason: change.error ?? t('chat.proposal.invalid') })}
        </p>
      )}
    </li>
  );
}
