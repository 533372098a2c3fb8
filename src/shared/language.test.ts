import { describe, expect, it } from 'vitest';
import { acceptLanguageTags, pickLanguage } from './language.ts';

describe('pickLanguage', () => {
  it('takes the first tag Lumara speaks, by primary subtag', () => {
    expect(pickLanguage(['fr-FR', 'es-CL', 'en'])).toBe('es');
    expect(pickLanguage(['EN-gb'])).toBe('en');
  });
  it('falls back to English', () => {
    expect(pickLanguage([])).toBe('en');
    expect(pickLanguage(['de', '*'])).toBe('en');
  });
});

describe('acceptLanguageTags', () => {
  it('orders by quality, keeping the header order among equals, and drops q=0', () => {
    expect(acceptLanguageTags('en;q=0.5, es-ES, fr;q=0, de;q=0.5')).toEqual(['es-ES', 'en', 'de']);
  });
  it('reads nothing from a missing or malformed header', () => {
    expect(acceptLanguageTags(undefined)).toEqual([]);
    expect(acceptLanguageTags(' , ;q=1, es;q=abc')).toEqual([]);
  });
});
