import { Spinner } from './spinner.tsx';

/** Centred spinner for a whole page or the content area while it loads. */
export function PageLoading({
  label = 'Loading',
  visibleLabel = false,
}: {
  label?: string;
  visibleLabel?: boolean;
}) {
  return (
    <div className="grid min-h-[50dvh] place-items-center p-6">
      <Spinner label={label} visibleLabel={visibleLabel} />
    </div>
  );
}
