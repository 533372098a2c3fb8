import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** What s3rver 3.7 offers that this harness uses (the package ships no types). */
type S3rverInstance = {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
};
type S3rverConstructor = new (options: {
  address: string;
  port: number;
  directory: string;
  silent: boolean;
  configureBuckets: { name: string }[];
}) => S3rverInstance;

/** The one account s3rver knows; it checks signatures against these keys. */
const S3RVER_KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** Everything a client needs to reach the running server: the same fields the S3_* variables carry. */
export type S3TestServer = {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: true;
  /** Stops the server and removes its files. */
  stop(): Promise<void>;
};

/**
 * Starts an S3-compatible server (s3rver) on 127.0.0.1, port 0, keeping its objects in a fresh temporary
 * directory, with `bucket` created (the store never creates one, as in production). Path-style addressing:
 * `<bucket>.127.0.0.1` does not resolve.
 */
export async function startS3TestServer(options: { bucket?: string } = {}): Promise<S3TestServer> {
  const bucket = options.bucket ?? 'lumara-test-media';
  const directory = mkdtempSync(path.join(os.tmpdir(), 'lumara-s3rver-'));
  // s3rver is CommonJS without types; required here so its shape is declared once, above. Through a function
  // named `require`, so that `npm run lint:unused` (knip.jsonc) sees the package used.
  const require = createRequire(import.meta.url);
  const S3rver: S3rverConstructor = require('s3rver');
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  let address: AddressInfo;
  try {
    address = await server.run();
  } catch (error) {
    rmSync(directory, { recursive: true, force: true });
    throw error;
  }
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    region: 'us-east-1',
    bucket,
    ...S3RVER_KEYS,
    forcePathStyle: true,
    async stop() {
      try {
        await server.close();
      } finally {
        rmSync(directory, { recursive: true, force: true });
      }
    },
  };
}
