import { describe, expect, it } from 'vitest';
import { spanishTexts } from './localize.es.ts';
import { localizeWith } from './localize.ts';

const localize = (text: string, language: 'en' | 'es') =>
  language === 'es' ? localizeWith(spanishTexts, text) : text;

describe('localize', () => {
  it('answers English unchanged', () => {
    expect(localize('That task was not found', 'en')).toBe('That task was not found');
  });
  it('translates a fixed text', () => {
    expect(localize('Some fields are missing or wrong', 'es')).toBe('Faltan campos o hay alguno incorrecto');
  });
  it('translates a built text, its parts too when the table has them', () => {
    expect(localize('That task was not found', 'es')).toBe('Esa tarea no existe');
    expect(localize('Too many posts requests: try again in 12 s', 'es')).toBe(
      'Demasiadas solicitudes de publicaciones: vuelve a intentarlo en 12 s',
    );
    expect(localize('At most 60 characters', 'es')).toBe('Como máximo 60 caracteres');
  });
  it('leaves a text it does not know as it is (a provider’s own words)', () => {
    expect(localize('OpenRouter: quota exceeded', 'es')).toBe('OpenRouter: quota exceeded');
  });
});
