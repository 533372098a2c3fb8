import { describe, expect, it } from 'vitest';
import { initialsOf } from './initials.ts';

describe('initialsOf', () => {
  it('takes the first letters of the first and last words', () => {
    expect(initialsOf('Ada Lovelace')).toBe('AL');
    expect(initialsOf('  grace   brewster murray hopper ')).toBe('GH');
    expect(initialsOf('Lumarian')).toBe('L');
    expect(initialsOf('Émilie du Châtelet')).toBe('ÉC');
  });

  it('falls back to L when the name has no letter', () => {
    expect(initialsOf('')).toBe('L');
    expect(initialsOf('   ')).toBe('L');
    expect(initialsOf('🦜 ✨')).toBe('L');
  });

  it('skips words without letters and leading punctuation', () => {
    expect(initialsOf('"Ziggy" 🦜')).toBe('Z');
  });
});
