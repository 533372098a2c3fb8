import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { ChatThreadDetail } from '#shared/chat.ts';
import type { ResearchResponse } from '#shared/research.ts';
import { chatThreadQueryKey } from '../api/get-chat-thread.ts';
import type { LocalEntry } from '../model/local-entries.ts';

const NO_ENTRIES: readonly LocalEntry[] = [];
let nextKey = 0;

/** Local conversation entries (see LocalEntry), per thread, for as long as the studio stays open. */
export function useLocalEntries() {
  const queryClient = useQueryClient();
  const [byThread, setByThread] = useState<Record<number, readonly LocalEntry[]>>({});

  const add = useCallback(
    (
      threadId: number,
      entry: { kind: 'failure'; reason: string | null } | { kind: 'research'; result: ResearchResponse },
    ) => {
      const detail = queryClient.getQueryData<ChatThreadDetail>(chatThreadQueryKey(threadId));
      nextKey += 1;
      const made = { ...entry, key: `local-${nextKey}`, afterMessageId: detail?.messages.at(-1)?.id ?? null };
      setByThread((current) => ({ ...current, [threadId]: [...(current[threadId] ?? []), made] }));
    },
    [queryClient],
  );

  const entriesOf = useCallback(
    (threadId: number | null) => (threadId === null ? NO_ENTRIES : (byThread[threadId] ?? NO_ENTRIES)),
    [byThread],
  );

  return { add, entriesOf };
}
