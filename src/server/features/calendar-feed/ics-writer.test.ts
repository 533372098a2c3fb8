import { describe, expect, it } from 'vitest';
import { escapeText, foldLine } from './ics-writer.ts';

const unfold = (folded: string) => folded.replace(/\r\n /g, '');
const octets = (folded: string) => folded.split('\r\n').map((line) => Buffer.byteLength(line));

describe('the RFC 5545 writer', () => {
  it('escapes backslashes, semicolons, commas and newlines, and drops other control characters', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf\u0007g')).toBe('a\\\\b\\;c\\,d\\ne\\nfg');
  });

  it('folds ASCII and UTF-8 lines at 75 octets, the continuation space counted, never inside a character', () => {
    for (const line of [
      `DESCRIPTION:${'x'.repeat(300)}`,
      `SUMMARY:${'é'.repeat(100)}`,
      `SUMMARY:${'a😀'.repeat(60)}`,
      'SUMMARY:short',
    ]) {
      const folded = foldLine(line);
      expect(unfold(folded)).toBe(line);
      expect(Math.max(...octets(folded))).toBeLessThanOrEqual(75);
      // Full lines: every physical line but the last is filled to within one character of the limit.
      for (const size of octets(folded).slice(0, -1)) expect(size).toBeGreaterThanOrEqual(72);
    }
    expect(foldLine(`X:${'y'.repeat(73)}`)).toBe(`X:${'y'.repeat(73)}`);
    expect(foldLine(`X:${'y'.repeat(74)}`)).toBe(`X:${'y'.repeat(73)}\r\n y`);
  });
});
