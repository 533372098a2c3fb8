import { RotateCcw } from 'lucide-react';
import { useEffect } from 'react';
import { useT } from '#web/lib/i18n/use-t.ts';
import { Alert } from './alert.tsx';
import { Button } from './button.tsx';

/**
 * A list could not be loaded: says so in words a person can read and offers another try. With `error`, the
 * failure is also logged (task failures are logged), once per error.
 */
export function LoadError({
  what,
  error,
  retrying,
  onRetry,
}: {
  /**
   * What was being loaded, translated (a message of the caller's feature). English reads it after "your"
   * ("tasks", "profile"); Spanish says the whole phrase, with its determiner ("tus tareas", "tu perfil"), as the
   * message around it is "No pudimos cargar {what}.".
   */
  what: string;
  error?: Error;
  retrying: boolean;
  onRetry: () => void;
}) {
  const t = useT();
  useEffect(() => {
    if (error) console.error(`Failed to load ${what}: ${error.message}`);
  }, [error, what]);
  return (
    <div className="flex flex-col items-start gap-3">
      <Alert>{t('ui.loadError.message', { what })}</Alert>
      <Button variant="secondary" busy={retrying} onClick={onRetry}>
        <RotateCcw aria-hidden="true" className="size-4" />
        {t('ui.loadError.retry')}
      </Button>
    </div>
  );
}
