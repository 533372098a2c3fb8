import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useT } from '#web/lib/i18n/use-t.ts';
import { Button, IconButton } from '#web/ui/button.tsx';
import type { ShownWidget } from '../api/get-widgets.ts';
import { columnSpanClass } from '../lib/embed-frame.ts';
import { WidgetBody } from './widget-body.tsx';

const iconButton =
  'inline-grid size-9 place-items-center rounded-full text-(--ink-muted) hover:bg-(--surface-strong) hover:text-(--ink) disabled:cursor-not-allowed disabled:opacity-40';

/**
 * One widget of the grid: its title, move up/down (buttons, so the order can be changed by keyboard; the server
 * keeps it), delete with an in-page confirmation, and what it shows.
 */
export function WidgetCard({
  widget,
  index,
  count,
  onMove,
  onDelete,
}: {
  widget: ShownWidget;
  index: number;
  count: number;
  onMove: (widget: ShownWidget, index: number) => void;
  onDelete: (widget: ShownWidget) => void;
}) {
  const t = useT();
  const id = useId();
  const [confirming, setConfirming] = useState(false);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const deleteRef = useRef<HTMLButtonElement>(null);
  const wasConfirming = useRef(false);

  // Focus follows the question: to Cancel when it opens, back to Delete when it is dismissed.
  useEffect(() => {
    if (confirming) cancelRef.current?.focus();
    else if (wasConfirming.current) deleteRef.current?.focus();
    wasConfirming.current = confirming;
  }, [confirming]);

  return (
    <li
      aria-labelledby={`${id}-title`}
      className={`glass flex min-w-0 flex-col gap-3 rounded-3xl p-4 ${columnSpanClass(widget.col_span)}`}
    >
      <div className="flex items-center justify-between gap-2">
        <h3 id={`${id}-title`} className="min-w-0 truncate font-semibold text-(--ink)">
          {widget.title}
        </h3>
        <div className="flex shrink-0 items-center">
          <IconButton
            className={iconButton}
            label={t('widgets.card.moveUp', { title: widget.title })}
            disabled={index === 0}
            onClick={() => onMove(widget, index - 1)}
          >
            <ArrowUp aria-hidden="true" className="size-4" />
          </IconButton>
          <IconButton
            className={iconButton}
            label={t('widgets.card.moveDown', { title: widget.title })}
            disabled={index === count - 1}
            onClick={() => onMove(widget, index + 1)}
          >
            <ArrowDown aria-hidden="true" className="size-4" />
          </IconButton>
          <IconButton
            ref={deleteRef}
            className={iconButton}
            label={t('widgets.card.delete', { title: widget.title })}
            aria-expanded={confirming}
            aria-controls={confirming ? `${id}-confirm` : undefined}
            onClick={() => setConfirming(true)}
          >
            <Trash2 aria-hidden="true" className="size-4" />
          </IconButton>
        </div>
      </div>
      {confirming ? (
        <div
          id={`${id}-confirm`}
          role="alertdialog"
          aria-labelledby={`${id}-question`}
          className="flex flex-wrap items-center gap-2 rounded-2xl bg-(--danger-soft) p-3"
          onKeyDown={(event) => {
            if (event.key === 'Escape') setConfirming(false);
          }}
        >
          <p id={`${id}-question`} className="grow text-sm font-medium text-(--ink)">
            {t('widgets.card.deleteQuestion')}
          </p>
          <Button ref={cancelRef} variant="secondary" onClick={() => setConfirming(false)}>
            {t('widgets.card.cancel')}
          </Button>
          <Button onClick={() => onDelete(widget)}>{t('widgets.card.deleteWidget')}</Button>
        </div>
      ) : null}
      <WidgetBody widget={widget} />
    </li>
  );
}
