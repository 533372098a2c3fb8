import { afterEach, describe, expect, it } from 'vitest';
import { activateLanguage } from './i18n.ts';

describe('activateLanguage', () => {
  afterEach(() => activateLanguage('en'));

  it('writes <html lang> only when it changes: a write, even of the same value, restyles the whole page', async () => {
    await activateLanguage('en');
    const writes: string[] = [];
    const observer = new MutationObserver((records) => {
      for (const record of records) writes.push(`${record.attributeName}=${document.documentElement.lang}`);
    });
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['lang'] });

    await activateLanguage('en');
    await activateLanguage('es');
    await activateLanguage('es');
    await Promise.resolve();
    observer.disconnect();

    expect(writes).toEqual(['lang=es']);
    expect(document.documentElement.lang).toBe('es');
  });
});
