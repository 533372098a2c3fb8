import { CircleCheck, CircleX } from 'lucide-react';
import { useFormat } from '#web/lib/i18n/format.ts';
import { useT } from '#web/lib/i18n/use-t.ts';
import { QueryState } from '#web/ui/query-state.tsx';
import { useTokenCalls } from '../api/get-token-calls.ts';

/** What outside agents did with the member's tokens (MCP tool calls), newest first: tool, outcome, result, time. */
export function TokenCallList() {
  const t = useT();
  const format = useFormat();
  const calls = useTokenCalls();
  return (
    <QueryState
      query={calls}
      what={t('tokens.calls.what')}
      isEmpty={(list) => list.length === 0}
      empty={<p className="text-sm text-(--ink-muted)">{t('tokens.calls.none')}</p>}
    >
      {(list) => (
        <ul aria-label={t('tokens.calls.label')} className="flex flex-col gap-2">
          {list.map((call) => (
            <li key={call.id} className="flex flex-col gap-0.5 rounded-2xl bg-(--surface-strong) p-3">
              <p className="flex flex-wrap items-center gap-2 text-(--ink)">
                {call.ok ? (
                  <CircleCheck aria-hidden="true" className="size-4 shrink-0 text-(--accent)" />
                ) : (
                  <CircleX aria-hidden="true" className="size-4 shrink-0 text-(--danger)" />
                )}
                <code lang="en" translate="no" className="font-semibold">
                  {call.tool}
                </code>
                <span className={call.ok ? 'text-sm' : 'text-sm font-semibold text-(--danger)'}>
                  {call.ok ? t('tokens.calls.ok') : t('tokens.calls.failed')}
                </span>
                <time dateTime={call.created_at} className="text-sm text-(--ink-muted)">
                  {format.date(call.created_at, { dateStyle: 'medium', timeStyle: 'short' })}
                </time>
              </p>
              <p className="text-sm break-words text-(--ink-muted)">{call.result}</p>
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}
