import { CircleCheck, CircleDashed } from 'lucide-react';
import { useId } from 'react';
import { RichMessage } from '#web/lib/i18n/rich-message.tsx';
import { useT } from '#web/lib/i18n/use-t.ts';
import { GlassPanel } from '#web/ui/glass-panel.tsx';
import { QueryState } from '#web/ui/query-state.tsx';
import { Spinner } from '#web/ui/spinner.tsx';
import { useAiDiag } from '../api/get-ai-diag.ts';
import { missingConfiguration } from '../model/missing-configuration.ts';

/**
 * The status card: the external AI services this server lacks, and what the operator sets to
 * turn each on. Keys are the operator's: nothing here takes one.
 */
export function AiStatusCard() {
  const t = useT();
  const id = useId();
  const diag = useAiDiag();
  return (
    <GlassPanel aria-labelledby={`${id}-heading`} className="flex flex-col gap-3">
      <h2 id={`${id}-heading`} className="text-lg font-bold text-(--ink)">
        {t('ai.status.heading')}
      </h2>
      <QueryState
        query={diag}
        what={t('ai.status.what')}
        loading={<Spinner label={t('ai.status.checking')} />}
        error={<p className="text-sm text-(--ink-muted)">{t('ai.status.checkFailed')}</p>}
        isEmpty={(answer) => missingConfiguration(answer).length === 0}
        empty={
          <p className="inline-flex items-center gap-2 text-sm text-(--ink)">
            <CircleCheck aria-hidden="true" className="size-4 text-(--accent)" />
            {t('ai.status.allConfigured')}
          </p>
        }
      >
        {(answer) => (
          <>
            <p className="text-sm text-(--ink-muted)">{t('ai.status.missingIntro')}</p>
            <ul className="flex flex-col gap-2 text-sm">
              {missingConfiguration(answer).map((item) => (
                <li key={item.service} className="flex items-start gap-2">
                  <CircleDashed aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-(--accent)" />
                  <span>
                    <RichMessage
                      id="ai.status.missingItem"
                      values={{ service: t(item.service), what: t(item.what) }}
                      parts={[
                        <span key="service" className="font-semibold text-(--ink)" />,
                        <span key="what" className="text-(--ink-muted)" />,
                      ]}
                    />
                  </span>
                </li>
              ))}
            </ul>
          </>
        )}
      </QueryState>
    </GlassPanel>
  );
}
