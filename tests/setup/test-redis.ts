import { connect } from 'node:net';

/** The Redis the tests use: the machine's, or `REDIS_TEST_URL`. */
export const TEST_REDIS_URL = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';

/**
 * Whether the tests' Redis answers a PING. On a developer's machine without Redis the tests that need it say so
 * and are skipped (the embedded default needs none); in CI (`CI` set) a missing Redis fails the run instead.
 */
export async function redisForTests(what: string): Promise<boolean> {
  const url = new URL(TEST_REDIS_URL);
  const answers = await new Promise<boolean>((resolve) => {
    const socket = connect({ host: url.hostname, port: Number(url.port || 6379) });
    const finish = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1_000, () => finish(false));
    socket.once('error', () => finish(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    // +PONG, or -NOAUTH from a Redis that wants a password (the URL carries it; the clients will send it).
    socket.once('data', (data) => finish(/^[+-]/.test(data.toString())));
  });
  if (!answers) {
    const message = `${what}: no Redis at ${TEST_REDIS_URL}`;
    if (process.env.CI) throw new Error(message);
    console.warn(`${message}. Skipped (start Redis or set REDIS_TEST_URL to run them).`);
  }
  return answers;
}
