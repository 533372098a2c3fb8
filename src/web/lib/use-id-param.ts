import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A row id handed to a page in its address for one visit (`/?task=12`: the command palette opening a task), and
 * the way to take it out again once the page has acted on it, so a reload or Back does not act twice.
 */
export function useIdParam(name: string): readonly [number | null, () => void] {
  const [params, setParams] = useSearchParams();
  const id = Number(params.get(name));
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
  return [Number.isSafeInteger(id) && id > 0 ? id : null, clear] as const;
}
