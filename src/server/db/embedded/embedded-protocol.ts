/** Messages between the main thread and the embedded database worker. */
export type EmbeddedWorkerData = {
  /** A directory for the data files, or null to keep everything in memory (tests). */
  dataDir: string | null;
  /** A gzip tarball made by `dumpDataDir` to start from (tests start from a migrated template). */
  loadFrom?: string;
  /** A data directory to copy into `dataDir` before opening it (a new directory starts from the built template). */
  copyFrom?: string;
  socketPath: string;
  maxConnections: number;
};

export type ToEmbeddedWorker =
  | { type: 'stop' }
  | { type: 'dump'; path: string }
  /** Copy the database's files into `into` between two operations: a consistent snapshot (backups). */
  | { type: 'snapshot'; into: string };

export type FromEmbeddedWorker =
  | { type: 'ready' }
  | { type: 'stopped' }
  | { type: 'dumped' }
  /** `ms`: how long the copy held the database still. */
  | { type: 'snapshotted'; ms: number }
  | { type: 'error'; message: string };
