import { AppError } from '#server/lib/http/errors.ts';
import { say } from '#server/lib/http/request-language.ts';

export type StreamLimits = { perMember: number; total: number };

/**
 * How many `GET /api/events` streams are open, per member and in all, on this server. Each holds a
 * connection and a subscription for as long as a page stays open, so a member opening 500 tabs, or a script
 * opening streams in a loop, would take connections and memory from everyone. Past a member's share the next
 * stream answers 429; past the server's, 503. `take` answers the function that gives the slot back.
 */
export function createStreamSlots(limits: StreamLimits) {
  const perMember = new Map<number, number>();
  let total = 0;
  return {
    take(userId: number): () => void {
      const mine = perMember.get(userId) ?? 0;
      if (mine >= limits.perMember) {
        throw new AppError('rate_limited', say('server.events.tooManyPages', { max: limits.perMember }), {
          headers: { 'Retry-After': '30' },
        });
      }
      if (total >= limits.total) {
        throw new AppError('server_busy', say('server.events.serverFull'), {
          headers: { 'Retry-After': '30' },
        });
      }
      perMember.set(userId, mine + 1);
      total += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        total -= 1;
        const left = (perMember.get(userId) ?? 1) - 1;
        if (left === 0) perMember.delete(userId);
        else perMember.set(userId, left);
      };
    },
    open: () => total,
  };
}
