import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createFileMediaStore } from '#server/lib/infra/media-store.ts';
import { collectOutputs } from './collect-outputs.ts';

const PNG_URI =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const dir = mkdtempSync(path.join(os.tmpdir(), 'lumara-collect-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('collectOutputs', () => {
  it('keeps no file of a job whose later output could not be written (a full disk)', async () => {
    const store = createFileMediaStore(dir);
    let writes = 0;
    const fillsUp = {
      ...store,
      put: async (key: string, bytes: Uint8Array) => {
        writes += 1;
        if (writes === 2)
          throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
        await store.put(key, bytes);
      },
    };
    const jobId = '0b6f1c9e-0d3f-4c59-9d5c-2f3b0a8c1e11';
    await expect(collectOutputs(fillsUp, jobId, [PNG_URI, PNG_URI], 1024)).rejects.toMatchObject({
      code: 'ENOSPC',
    });
    expect(readdirSync(dir)).toEqual(['jobs']);
    expect(readdirSync(path.join(dir, 'jobs'))).toEqual([]);
  });
});
