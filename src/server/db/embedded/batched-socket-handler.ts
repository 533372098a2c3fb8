import { PGLiteSocketHandler } from '@electric-sql/pglite-socket';
import { firstBatchLength } from './batch-messages.ts';

/**
 * pglite-socket 0.2.17 queues each wire-protocol message on its own, so two connections' extended-protocol
 * queries interleave on PGlite's single backend: one connection's Bind lands after another's Parse ("unnamed
 * prepared statement does not exist"), and statements run in the wrong transaction. Measured: 29 of 50
 * concurrent requests failed with a pool of 10. This replaces the handler's input step so that each batch a
 * client sends (up to its Sync) is queued, and so executed, as one unit. The queue already keeps a connection's
 * open transaction to itself. Tied to the exact pinned version (architecture.md pins it); the regression test
 * is tasks.test.ts "takes 50 concurrent creations beside session look-ups".
 */
type HandlerInternals = {
  id: number;
  socket: { writable: boolean; write(data: Buffer, callback: (error?: Error | null) => void): void } | null;
  active: boolean;
  messageBuffer: Buffer;
  queryQueue: {
    enqueue(handlerId: number, message: Uint8Array, onData: (data: Uint8Array) => void): Promise<number>;
  };
  handleSslRequest(): boolean;
  handleCancelRequest(): boolean;
};

async function handleDataInBatches(this: HandlerInternals, data: Buffer): Promise<number> {
  if (!this.socket || !this.active) return 0;
  this.messageBuffer = Buffer.concat([this.messageBuffer, data]);
  let written = 0;
  while (this.messageBuffer.length > 0) {
    if (this.handleSslRequest() || this.handleCancelRequest()) continue;
    const length = firstBatchLength(this.messageBuffer);
    if (length === 0) break;
    const batch = this.messageBuffer.subarray(0, length);
    this.messageBuffer = this.messageBuffer.subarray(length);
    let writeError: Error | undefined;
    await this.queryQueue.enqueue(this.id, new Uint8Array(batch), (output) => {
      if (output.length > 0 && this.active && this.socket?.writable) {
        this.socket.write(Buffer.from(output), (error) => {
          if (error) writeError = error;
        });
      }
      written += output.length;
    });
    if (writeError) throw writeError;
  }
  return written;
}

export function installBatchedSocketHandler(): void {
  (PGLiteSocketHandler.prototype as unknown as { handleData: typeof handleDataInBatches }).handleData =
    handleDataInBatches;
}
