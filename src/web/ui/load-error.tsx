import { RotateCcw } from 'lucide-react';
import { useEffect } from 'react';
import { Alert } from './alert.tsx';
import { Button } from './button.tsx';

/**
 * A list could not be loaded: says so in words a person can read and offers another try. With `error`, the
 * failure is also logged (part 1 §8 logs task failures), once per error.
 */
export function LoadError({
  what,
  error,
  retrying,
  onRetry,
}: {
  /** What was being loaded, as it reads after "your": "tasks", "tracks", "widgets". */
  what: string;
  error?: Error;
  retrying: boolean;
  onRetry: () => void;
}) {
  useEffect(() => {
    if (error) console.error(`Failed to load ${what}: ${error.message}`);
  }, [error, what]);
  return (
    <div className="flex flex-col items-start gap-3">
      <Alert>Could not load your {what}. Check your connection and try again.</Alert>
      <Button variant="secondary" busy={retrying} onClick={onRetry}>
        <RotateCcw aria-hidden="true" className="size-4" />
        Try again
      </Button>
    </div>
  );
}
