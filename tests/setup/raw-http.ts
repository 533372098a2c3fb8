import net from 'node:net';

export type RawExchange = {
  /** Everything the server sent, as text. */
  received: string;
  /** The connection ended with a reset (ECONNRESET / EPIPE) rather than a clean close. */
  reset: boolean;
  /** The server closed the connection (cleanly or not) before the client did. */
  closedByServer: boolean;
};

/**
 * Talks HTTP/1.1 over a raw socket, for what `fetch` hides: several requests on one kept-alive connection, a body
 * sent slowly or never finished, bytes no client library would send. Writes each piece after `gapMs`, waits
 * `settleMs` after the last, then closes its side and answers what came back and how the connection ended.
 */
export async function rawExchange(
  port: number,
  pieces: (string | Buffer)[],
  options: { gapMs?: number; settleMs?: number } = {},
): Promise<RawExchange> {
  const socket = net.connect(port, '127.0.0.1');
  const chunks: Buffer[] = [];
  let reset = false;
  let closedByServer = false;
  let clientClosing = false;
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  socket.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'ECONNRESET' || error.code === 'EPIPE') reset = true;
  });
  const closed = new Promise<void>((resolve) =>
    socket.once('close', () => {
      if (!clientClosing) closedByServer = true;
      resolve();
    }),
  );
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  for (const piece of pieces) {
    if (options.gapMs) await new Promise((resolve) => setTimeout(resolve, options.gapMs));
    if (socket.destroyed) break;
    socket.write(piece);
  }
  await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, options.settleMs ?? 300))]);
  if (!socket.destroyed) {
    clientClosing = true;
    socket.end();
    await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 1_000))]);
    socket.destroy();
  }
  return { received: Buffer.concat(chunks).toString('latin1'), reset, closedByServer };
}

/** The status codes of every response in a raw exchange, in order. */
export function statusesOf(received: string): number[] {
  return [...received.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((match) => Number(match[1]));
}
