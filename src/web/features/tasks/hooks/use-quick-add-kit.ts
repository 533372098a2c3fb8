import { useCallback, useState } from 'react';

async function importKit() {
  const { parseQuickAdd, QuickAddChips } = await import('../lib/quick-add-kit.ts');
  return { parseQuickAdd, QuickAddChips };
}

type QuickAddKit = Awaited<ReturnType<typeof importKit>>;

let loaded: QuickAddKit | null = null;
let loading: Promise<QuickAddKit> | null = null;

function loadQuickAddKit(): Promise<QuickAddKit> {
  loading ??= importKit().then(
    (kit) => {
      loaded = kit;
      return kit;
    },
    (error: unknown) => {
      // Offline before the chunk was ever fetched: the form adds titles as typed, and the next keystroke tries again.
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * The quick-add reader once loaded (null until then), and `load` to ask for it: the form asks when its title is
 * focused or typed in, so the dashboard's first load does not carry chrono-node.
 */
export function useQuickAddKit(): { kit: QuickAddKit | null; load: () => void } {
  const [kit, setKit] = useState(loaded);
  const load = useCallback(() => {
    if (loaded) {
      setKit(loaded);
      return;
    }
    loadQuickAddKit().then(setKit, () => {});
  }, []);
  return { kit, load };
}
