import { describe, expect, it } from 'vitest';
import { addTag, removeTag } from './tags.ts';

describe('addTag', () => {
  it('adds the typed tag, trimmed', () => {
    expect(addTag(['music'], '  wellness ')).toEqual(['music', 'wellness']);
  });

  it('ignores an empty or blank tag', () => {
    const tags = ['music'];
    expect(addTag(tags, '')).toBe(tags);
    expect(addTag(tags, '   ')).toBe(tags);
  });

  it('ignores a tag already there, also when typed with spaces around it', () => {
    const tags = ['music', 'clients'];
    expect(addTag(tags, 'clients')).toBe(tags);
    expect(addTag(tags, ' music  ')).toBe(tags);
  });

  it('stops at 20 tags and cuts a tag at 30 characters, as the server would refuse more', () => {
    const twenty = Array.from({ length: 20 }, (_, i) => `tag ${i}`);
    expect(addTag(twenty, 'one more')).toBe(twenty);
    expect(addTag([], 'x'.repeat(40))).toEqual(['x'.repeat(30)]);
  });
});

describe('removeTag', () => {
  it('takes the one tag out and keeps the order of the rest', () => {
    expect(removeTag(['a', 'b', 'c'], 'b')).toEqual(['a', 'c']);
    expect(removeTag(['a'], 'z')).toEqual(['a']);
  });
});
