import { useT } from '#web/lib/i18n/use-t.ts';
import { Spinner } from './spinner.tsx';

/** Centred spinner for a whole page or the content area while it loads. */
export function PageLoading({
  label,
  visibleLabel = false,
}: {
  /** What screen readers hear, translated; "Loading" by default. */
  label?: string;
  visibleLabel?: boolean;
}) {
  const t = useT();
  return (
    <div className="grid min-h-[50dvh] place-items-center p-6">
      <Spinner label={label ?? t('ui.loading')} visibleLabel={visibleLabel} />
    </div>
  );
}
