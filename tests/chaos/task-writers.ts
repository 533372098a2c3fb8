import { errorCodeOf, jsonWrite, sleep } from './chaos-kit.ts';

export type WriteOutcome = {
  /** When the request was sent and answered, ms since the writers started (performance.now()). */
  sentAt: number;
  answeredAt: number;
  status: number | null;
  /** The error code of a JSON error answer, or the client's error code when there was no answer. */
  code: string;
  /** The JSON body was in the API's error shape (for non-2xx answers). */
  jsonError: boolean;
  /** The task's id, when it was created (201). */
  id?: number;
};

/**
 * `count` members' worth of writers posting tasks as fast as answers come, until stopped. Every task answered
 * 201 is acknowledged: its id must survive whatever happens to the server afterwards. Every outcome is kept with
 * its times, so a part can ask what was answered during an outage and after it.
 */
export function startTaskWriters(url: string, cookie: string, count: number, label = 'chaos') {
  const acknowledged = new Map<number, string>();
  const outcomes: WriteOutcome[] = [];
  let running = true;
  let sequence = 0;
  const controller = new AbortController();
  const writer = async () => {
    while (running) {
      const title = `${label} ${sequence++}`;
      const sentAt = performance.now();
      try {
        const response = await jsonWrite(`${url}/api/tasks`, cookie, 'POST', { title }, controller.signal);
        const text = await response.text();
        const outcome = classifyAnswer(response.status, text);
        const id = response.status === 201 ? (JSON.parse(text) as { id: number }).id : undefined;
        outcomes.push({
          sentAt,
          answeredAt: performance.now(),
          status: response.status,
          ...outcome,
          ...(id !== undefined ? { id } : {}),
        });
        if (id !== undefined) acknowledged.set(id, title);
      } catch (error) {
        // Abandoned by stop(): not an outcome of the server's.
        if (!running) return;
        const cause = (error as { cause?: { code?: string } }).cause;
        outcomes.push({
          sentAt,
          answeredAt: performance.now(),
          status: null,
          code: cause?.code ?? (error as Error).name,
          jsonError: false,
        });
        if (running) await sleep(20);
      }
    }
  };
  const done = Promise.all(Array.from({ length: count }, writer));
  return {
    acknowledged,
    outcomes,
    /** Stops the writers; requests in flight are abandoned (their outcome is unknown, never acknowledged). */
    async stop() {
      running = false;
      controller.abort();
      await done;
    },
  };
}

/** What an answer was: `ok`, else its error code when its body is in the API's error shape. */
export function classifyAnswer(status: number, text: string): { code: string; jsonError: boolean } {
  if (status < 300) return { code: 'ok', jsonError: false };
  const code = errorCodeOf(text);
  return code ? { code, jsonError: true } : { code: 'not-an-api-error', jsonError: false };
}

/** The ids of the member's tasks the server has now. */
export async function taskIdsOn(url: string, cookie: string): Promise<Set<number>> {
  const response = await fetch(`${url}/api/tasks`, { headers: { cookie } });
  if (!response.ok) throw new Error(`GET /api/tasks answered ${response.status}`);
  return new Set(((await response.json()) as { id: number }[]).map((task) => task.id));
}
