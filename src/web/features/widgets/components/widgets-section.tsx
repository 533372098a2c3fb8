import { useEffect, useId } from 'react';
import { GlassPanel } from '#web/ui/glass-panel.tsx';
import { LoadError } from '#web/ui/load-error.tsx';
import { useDeleteWidget } from '../api/delete-widget.ts';
import { useWidgets } from '../api/get-widgets.ts';
import { useMoveWidget } from '../api/move-widget.ts';
import { AddWidgetForm } from './add-widget-form.tsx';
import { WidgetCard } from './widget-card.tsx';

/**
 * The dashboard's widgets area (part 2 §2 "Dashboard widgets"): the add form, then the member's widgets in a
 * 12-column grid (one column on phones), in the order the server keeps.
 */
export function WidgetsSection() {
  const id = useId();
  const widgetsQuery = useWidgets();
  const move = useMoveWidget();
  const remove = useDeleteWidget();
  const widgets = widgetsQuery.data ?? [];

  useEffect(() => {
    if (widgetsQuery.error) console.error(`Failed to load widgets: ${widgetsQuery.error.message}`);
  }, [widgetsQuery.error]);

  return (
    <GlassPanel aria-labelledby={`${id}-heading`} className="flex flex-col gap-5">
      <h2 id={`${id}-heading`} className="text-xl font-bold text-(--ink)">
        Your widgets
      </h2>
      <AddWidgetForm nextIndex={widgets.length} />
      {widgetsQuery.isPending ? (
        <div role="status" className="h-24 animate-pulse rounded-2xl bg-(--surface-strong)">
          <span className="sr-only">Loading your widgets</span>
        </div>
      ) : widgetsQuery.isError ? (
        <LoadError
          what="widgets"
          retrying={widgetsQuery.isFetching}
          onRetry={() => void widgetsQuery.refetch()}
        />
      ) : widgets.length === 0 ? (
        <p className="text-(--ink-muted)">No widgets yet</p>
      ) : (
        <ul aria-label="Widgets" className="grid grid-cols-1 gap-4 md:grid-cols-12">
          {widgets.map((widget, index) => (
            <WidgetCard
              key={widget.id}
              widget={widget}
              index={index}
              count={widgets.length}
              onMove={(moving, to) => move.mutate({ widget: moving, index: to })}
              onDelete={(deleting) => remove.mutate(deleting)}
            />
          ))}
        </ul>
      )}
    </GlassPanel>
  );
}
