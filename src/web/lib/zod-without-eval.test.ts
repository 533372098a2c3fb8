import { describe, expect, it } from 'vitest';

describe('zod-without-eval', () => {
  it('turns off zod’s compiled parsers without importing zod first', async () => {
    await import('./zod-without-eval.ts');
    const { config } = await import('zod');
    expect(config().jitless).toBe(true);
  });
});
