import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ServerProcess } from '#tests/setup/server-process.ts';

/**
 * What every part of the chaos suite shares (npm run chaos; tests/chaos/run.ts): its profile, the shape of its
 * result, and small measuring tools. Parts drive real server processes (tests/setup/server-process.ts) over real
 * sockets; nothing here asserts on time, it counts what went wrong.
 */
export type ChaosProfile = {
  /** The short version CI runs inside `npm test`: a few rounds, 5,000 bad requests. */
  short: boolean;
};

export type PartResult = {
  name: string;
  status: 'passed' | 'failed' | 'skipped';
  /** Label and value, printed as a table. */
  figures: [string, string | number][];
  /** Why it failed, or why it was skipped. */
  problems: string[];
};

export type ChaosPart = {
  name: string;
  run(profile: ChaosProfile): Promise<PartResult>;
};

/** Builds a part's result: passed unless a problem was recorded. */
export function resultOf(name: string, figures: [string, string | number][], problems: string[]): PartResult {
  return { name, status: problems.length > 0 ? 'failed' : 'passed', figures, problems };
}

export function skipped(name: string, why: string): PartResult {
  return { name, status: 'skipped', figures: [], problems: [why] };
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function median(values: number[]): number {
  return percentile(values, 50);
}

export function tempDir(prefix: string): string {
  return mkdtempSync(path.join(os.tmpdir(), `lumara-chaos-${prefix}-`));
}

export const isRoot = () => process.getuid?.() === 0;

/**
 * A small file system of its own (tmpfs), to fill up on purpose. Needs root (mount); answers null where the
 * machine does not allow it, and the part is skipped.
 */
export function mountSmallFileSystem(megabytes: number): { dir: string; unmount(): void } | null {
  if (!isRoot()) return null;
  const dir = tempDir('fs');
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${megabytes}m`, 'tmpfs', dir], { stdio: 'ignore' });
  } catch {
    rmSync(dir, { recursive: true, force: true });
    return null;
  }
  return {
    dir,
    unmount() {
      spawnSync('umount', [dir], { stdio: 'ignore' });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A folder `dir` made and handed to the `postgres` user when we are root (PostgreSQL refuses to run as root). */
export function folderForPostgres(prefix: string): string {
  const dir = tempDir(prefix);
  mkdirSync(dir, { recursive: true });
  if (isRoot()) execFileSync('chown', ['-R', 'postgres:postgres', dir]);
  return dir;
}

/** Sends a JSON write as the browser app would (same origin). */
export function jsonWrite(url: string, cookie: string, method: string, body: unknown, signal?: AbortSignal) {
  return fetch(url, {
    method,
    headers: { cookie, 'content-type': 'application/json', origin: new URL(url).origin },
    body: JSON.stringify(body),
    ...(signal ? { signal } : {}),
  });
}

/** The `error.code` of the API's error shape, or null when the body is not that shape. */
export function errorCodeOf(body: string): string | null {
  try {
    const parsed = JSON.parse(body) as { error?: { code?: unknown; message?: unknown } };
    const { code, message } = parsed.error ?? {};
    return typeof code === 'string' && typeof message === 'string' ? code : null;
  } catch {
    return null;
  }
}

/** A GET read to its end: its status, or why it got none (the server gone). */
export async function fetchStatus(url: string, cookie: string): Promise<string> {
  try {
    const response = await fetch(url, { headers: { cookie } });
    await response.arrayBuffer();
    return String(response.status);
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** The process has not exited and still answers its health check. */
export async function isAlive(server: ServerProcess): Promise<boolean> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return false;
  const response = await fetch(`${server.url}/healthz`).catch(() => null);
  return response?.status === 200;
}
