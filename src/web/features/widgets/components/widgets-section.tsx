import { useId } from 'react';
import { useT } from '#web/lib/i18n/use-t.ts';
import { GlassPanel } from '#web/ui/glass-panel.tsx';
import { QueryState } from '#web/ui/query-state.tsx';
import { useDeleteWidget } from '../api/delete-widget.ts';
import { useWidgets } from '../api/get-widgets.ts';
import { useMoveWidget } from '../api/move-widget.ts';
import { AddWidgetForm } from './add-widget-form.tsx';
import { WidgetCard } from './widget-card.tsx';

/**
 * The dashboard's widgets area: the add form, then the member's widgets in a
 * 12-column grid (one column on phones), in the order the server keeps.
 */
export function WidgetsSection() {
  const t = useT();
  const id = useId();
  const widgetsQuery = useWidgets();
  const move = useMoveWidget();
  const remove = useDeleteWidget();

  return (
    <GlassPanel aria-labelledby={`${id}-heading`} className="flex flex-col gap-5">
      <h2 id={`${id}-heading`} className="text-xl font-bold text-(--ink)">
        {t('widgets.section.heading')}
      </h2>
      <AddWidgetForm nextIndex={widgetsQuery.data?.length ?? 0} />
      <QueryState
        query={widgetsQuery}
        what={t('widgets.section.what')}
        isEmpty={(list) => list.length === 0}
        empty={<p className="text-(--ink-muted)">{t('widgets.section.empty')}</p>}
      >
        {(list) => (
          <ul aria-label={t('widgets.section.list')} className="grid grid-cols-1 gap-4 md:grid-cols-12">
            {list.map((widget, index) => (
              <WidgetCard
                key={widget.id}
                widget={widget}
                index={index}
                count={list.length}
                onMove={(moving, to) => move.mutate({ widget: moving, index: to })}
                onDelete={(deleting) => remove.mutate(deleting)}
              />
            ))}
          </ul>
        )}
      </QueryState>
    </GlassPanel>
  );
}
