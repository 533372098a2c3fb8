import pg from 'pg';

/** Thrown, never queued, when the wait for a database connection is already as long as allowed. */
export class DatabaseBusyError extends Error {
  readonly code = 'LUMARA_DATABASE_BUSY';
  constructor(waiting: number) {
    super(`The database is busy: ${waiting} requests are already waiting for a connection`);
    this.name = 'DatabaseBusyError';
  }
}

type ConnectCallback = (
  error: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: unknown) => void,
) => void;

/**
 * A `pg` pool whose wait for a connection is bounded. Its own queue grows without end: under a flood
 * (a script, a member with 500 tabs) every request joins it and waits out the connection timeout, and those
 * behind it with them. Past `queueMax` waiting, a checkout fails at once (503, try again), so the queue stays
 * short and the requests in it are served in time. Queries go through `connect`, so one check covers both.
 */
export class BoundedPool extends pg.Pool {
  readonly queueMax: number;

  constructor(config: pg.PoolConfig, queueMax: number) {
    super(config);
    this.queueMax = queueMax;
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | undefined {
    if (this.waitingCount >= this.queueMax) {
      const busy = new DatabaseBusyError(this.waitingCount);
      if (!callback) return Promise.reject(busy);
      process.nextTick(() => callback(busy, undefined, () => {}));
      return undefined;
    }
    if (!callback) return super.connect();
    super.connect(callback);
    return undefined;
  }
}
