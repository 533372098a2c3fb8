import { CircleCheck, CircleDashed } from 'lucide-react';
import { useId } from 'react';
import { GlassPanel } from '#web/ui/glass-panel.tsx';
import { QueryState } from '#web/ui/query-state.tsx';
import { Spinner } from '#web/ui/spinner.tsx';
import { useAiDiag } from '../api/get-ai-diag.ts';
import { missingConfiguration } from '../model/missing-configuration.ts';

/**
 * The status card (part 1 §2, §8): the external AI services this server lacks, and what the operator sets to
 * turn each on. Keys are the operator's: nothing here takes one.
 */
export function AiStatusCard() {
  const id = useId();
  const diag = useAiDiag();
  return (
    <GlassPanel aria-labelledby={`${id}-heading`} className="flex flex-col gap-3">
      <h2 id={`${id}-heading`} className="text-lg font-bold text-(--ink)">
        AI Services
      </h2>
      <QueryState
        query={diag}
        what="AI service status"
        loading={<Spinner label="Checking the AI services" />}
        error={<p className="text-sm text-(--ink-muted)">The AI service status could not be checked.</p>}
        isEmpty={(answer) => missingConfiguration(answer).length === 0}
        empty={
          <p className="inline-flex items-center gap-2 text-sm text-(--ink)">
            <CircleCheck aria-hidden="true" className="size-4 text-(--accent)" />
            Every AI service is configured.
          </p>
        }
      >
        {(answer) => (
          <>
            <p className="text-sm text-(--ink-muted)">Not configured on this server yet:</p>
            <ul className="flex flex-col gap-2 text-sm">
              {missingConfiguration(answer).map((item) => (
                <li key={item.service} className="flex items-start gap-2">
                  <CircleDashed aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-(--accent)" />
                  <span>
                    <span className="font-semibold text-(--ink)">{item.service}</span>
                    <span className="text-(--ink-muted)">: the operator must {item.what}.</span>
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
