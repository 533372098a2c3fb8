import { useId } from 'react';
import { type StorageUnit, storageSizeParts } from '#shared/media.ts';
import { type Formatters, useFormat } from '#web/lib/i18n/format.ts';
import { type MessageKey, useT } from '#web/lib/i18n/use-t.ts';
import { GlassPanel } from '#web/ui/glass-panel.tsx';
import { QueryState } from '#web/ui/query-state.tsx';
import { Spinner } from '#web/ui/spinner.tsx';
import { useMediaUsage } from '../api/get-media-usage.ts';

/** Each unit's message: the number goes in its place ("1,2 GB" in Spanish). */
const unitMessages: Record<StorageUnit, MessageKey> = {
  B: 'media.storage.bytes',
  KB: 'media.storage.kilobytes',
  MB: 'media.storage.megabytes',
  GB: 'media.storage.gigabytes',
  TB: 'media.storage.terabytes',
};

/**
 * Settings' storage card (ours): how much of the member's share of Lumara's store their gallery, avatar and
 * wallpaper take ("1.2 GB of 5 GB used"), with a bar. A save past the quota is refused with the server's message.
 */
export function StorageUsageCard() {
  const t = useT();
  const format = useFormat();
  const id = useId();
  const usage = useMediaUsage();
  const size = (bytes: number) => {
    const { value, unit } = storageSizeParts(bytes);
    return t(unitMessages[unit], { size: formatSize(format, value) });
  };
  return (
    <GlassPanel aria-labelledby={`${id}-heading`} className="flex flex-col gap-3">
      <h2 id={`${id}-heading`} className="text-lg font-bold text-(--ink)">
        {t('media.storage.heading')}
      </h2>
      <QueryState
        query={usage}
        what={t('media.storage.what')}
        loading={<Spinner label={t('media.storage.loading')} />}
      >
        {({ used_bytes, quota_bytes }) => {
          const percent = quota_bytes > 0 ? Math.min(100, Math.round((used_bytes / quota_bytes) * 100)) : 100;
          const summary = t('media.storage.used', { used: size(used_bytes), quota: size(quota_bytes) });
          return (
            <>
              <p id={`${id}-summary`} className="text-sm font-semibold text-(--ink)">
                {summary}
              </p>
              <div
                role="progressbar"
                aria-labelledby={`${id}-heading`}
                aria-describedby={`${id}-summary`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={percent}
                aria-valuetext={summary}
                className="h-3 overflow-hidden rounded-full border border-(--ink-muted) bg-(--surface-strong)"
              >
                <div className="h-full rounded-full bg-(--accent)" style={{ width: `${percent}%` }} />
              </div>
              <p className="text-sm text-(--ink-muted)">{t('media.storage.counts')}</p>
            </>
          );
        }}
      </QueryState>
    </GlassPanel>
  );
}

/** Whole numbers as they are, others with their one decimal, in the interface's language. */
function formatSize(format: Formatters, value: number): string {
  return format.number(value, { maximumFractionDigits: 1 });
}
