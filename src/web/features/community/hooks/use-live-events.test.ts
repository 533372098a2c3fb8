import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { parseLiveEvent } from '#web/lib/live-events.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { communityKeys } from '../api/community-query-keys.ts';
import { applyLiveEvent, refetchAfterReconnect } from './use-live-events.ts';

const invalidated = (client: QueryClient, key: readonly unknown[]) =>
  client.getQueryState(key)?.isInvalidated;

describe('live events', () => {
  it("refreshes the badge list on badge.earned, for the shell's badge toasts", () => {
    const client = new QueryClient();
    client.setQueryData([...queryKeys.badges, 'me'], []);
    applyLiveEvent(client, { type: 'badge.earned', data: { badge_type: 'first_flight' } });
    expect(invalidated(client, [...queryKeys.badges, 'me'])).toBe(true);
  });

  it('refetches what the page shows after a reconnect, but not the model catalogue', () => {
    const client = new QueryClient();
    client.setQueryData(communityKeys.stats, { totalPosts: 1 });
    client.setQueryData(communityKeys.comments(4), []);
    client.setQueryData(communityKeys.aiModels, { data: [] });
    refetchAfterReconnect(client);
    expect(invalidated(client, communityKeys.stats)).toBe(true);
    expect(invalidated(client, communityKeys.comments(4))).toBe(true);
    expect(invalidated(client, communityKeys.aiModels)).toBe(false);
  });
});
