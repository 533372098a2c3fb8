import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A value handed to a page in its address for one visit (`/?launch=new-task`), and the way to take it out again
 * once the page has acted on it, so a reload or Back does not act twice.
 */
export function useOneTimeParam(name: string): readonly [string | null, () => void] {
  const [params, setParams] = useSearchParams();
  const clear = useCallback(
    () =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete(name);
          return next;
        },
        { replace: true },
      ),
    [name, setParams],
  );
  return [params.get(name), clear] as const;
}

/** A row id handed over that way (`/?task=12`: the command palette opening a task), or null. */
export function useIdParam(name: string): readonly [number | null, () => void] {
  const [value, clear] = useOneTimeParam(name);
  const id = Number(value);
  return [Number.isSafeInteger(id) && id > 0 ? id : null, clear] as const;
}
