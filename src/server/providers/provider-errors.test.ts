import { describe, expect, it } from 'vitest';
import { providerFailed } from './provider-errors.ts';

describe('providerFailed', () => {
  it('shows the start of a provider’s message on one line, however long the message was', () => {
    const error = providerFailed('openrouter', `  I cannot draw that.\n\n${'Because \t'.repeat(200_000)}`);
    expect(error).toMatchObject({ code: 'provider_failed', status: 502 });
    expect(error.message).toMatch(/^OpenRouter: I cannot draw that\. Because Because /);
    expect(error.message.length).toBeLessThanOrEqual('OpenRouter: '.length + 300);
  });

  it('says the provider did not answer properly when it gave no message', () => {
    expect(providerFailed('straico', '  \n ').message).toBe('Straico did not answer properly');
  });
});
