import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { describeMediaStoreContract, streamOf } from '#tests/setup/media-store-contract.ts';
import { createFileMediaStore } from './media-store.ts';

describeMediaStoreContract('directory', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'lumara-media-contract-'));
  return { store: createFileMediaStore(dir), close: () => rm(dir, { recursive: true, force: true }) };
});

it('leaves no part file behind when a streamed file is refused', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'lumara-media-parts-'));
  try {
    const store = createFileMediaStore(dir);
    await expect(
      store.put('media/1/big.mp4', streamOf(new Uint8Array(5000)), { maxBytes: 100 }),
    ).rejects.toThrow();
    expect(await readdir(path.join(dir, 'media/1'))).toEqual([]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
