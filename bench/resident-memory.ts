import { readFileSync } from 'node:fs';

/** A process's resident memory in bytes, read from /proc (0 where there is none). */
export function residentBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = /VmRSS:\s+(\d+)/.exec(status)?.[1];
  return kib ? Number(kib) * 1024 : 0;
}
