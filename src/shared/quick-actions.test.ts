import { describe, expect, it } from 'vitest';
import {
  buildQuickActionPrompt,
  createQuickActionRequestSchema,
  DEFAULT_QUICK_ACTION_MAX_CHARS,
  defaultQuickActions,
  SELECTION_PLACEHOLDER,
} from './quick-actions.ts';

/** A quick action's prompt is cut to the action's maxChars (4000 when it names none). */
describe('buildQuickActionPrompt', () => {
  it('puts the trimmed selection where the placeholder is, every time it appears', () => {
    const payload = {
      promptTemplate: `Compare "${SELECTION_PLACEHOLDER}" with ${SELECTION_PLACEHOLDER}.`,
      maxChars: 100,
    };
    expect(buildQuickActionPrompt(payload, '  tea  ')).toBe('Compare "tea" with tea.');
  });

  it('inserts the selection literally: no second replacement, no $-patterns', () => {
    const payload = { promptTemplate: `Say: ${SELECTION_PLACEHOLDER}`, maxChars: 100 };
    expect(buildQuickActionPrompt(payload, `$& and ${SELECTION_PLACEHOLDER}`)).toBe(
      `Say: $& and ${SELECTION_PLACEHOLDER}`,
    );
  });

  it('cuts the prompt to maxChars', () => {
    const payload = { promptTemplate: `Summarize: ${SELECTION_PLACEHOLDER}`, maxChars: 15 };
    expect(buildQuickActionPrompt(payload, 'abcdefghijklmnop')).toBe('Summarize: abcd');
  });

  it('leaves a prompt that fits as it is', () => {
    const payload = { promptTemplate: SELECTION_PLACEHOLDER, maxChars: 5 };
    expect(buildQuickActionPrompt(payload, 'hello')).toBe('hello');
  });

  it('cuts at 4000 when the action names no maxChars', () => {
    const payload = { promptTemplate: SELECTION_PLACEHOLDER } as { promptTemplate: string; maxChars: number };
    const prompt = buildQuickActionPrompt(payload, 'x'.repeat(5000));
    expect(DEFAULT_QUICK_ACTION_MAX_CHARS).toBe(4000);
    expect(prompt).toBe('x'.repeat(4000));
  });

  it('counts an emoji as one character and never splits it into half a surrogate pair', () => {
    const payload = { promptTemplate: SELECTION_PLACEHOLDER, maxChars: 3 };
    // 😀 is two UTF-16 units; a cut by .length would leave a lone surrogate.
    expect(buildQuickActionPrompt(payload, 'ab😀cd')).toBe('ab😀');
  });

  it('keeps or drops a many-code-point emoji whole (skin tone, ZWJ sequence, flag)', () => {
    const coder = '👩🏽‍💻'; // 4 code points, one character as a reader sees it
    const flag = '🇬🇧'; // 2 regional indicators
    expect(buildQuickActionPrompt({ promptTemplate: SELECTION_PLACEHOLDER, maxChars: 3 }, `a${coder}`)).toBe(
      'a',
    );
    expect(buildQuickActionPrompt({ promptTemplate: SELECTION_PLACEHOLDER, maxChars: 5 }, `a${coder}b`)).toBe(
      `a${coder}`,
    );
    expect(buildQuickActionPrompt({ promptTemplate: SELECTION_PLACEHOLDER, maxChars: 2 }, `a${flag}`)).toBe(
      'a',
    );
    // The result is always well-formed text.
    for (let max = 1; max <= 8; max++) {
      const prompt = buildQuickActionPrompt(
        { promptTemplate: SELECTION_PLACEHOLDER, maxChars: max },
        `${coder}${flag}x`,
      );
      // With the u flag a proper pair is one code point: only a lone surrogate is \p{Cs}.
      expect(prompt).not.toMatch(/\p{Cs}/u);
      expect(Array.from(prompt).length).toBeLessThanOrEqual(max);
    }
  });
});

describe('defaultQuickActions', () => {
  it('are five valid actions with their maxChars', () => {
    const parsed = defaultQuickActions.map((action) => createQuickActionRequestSchema.parse(action));
    expect(parsed.map((action) => action.payload.maxChars)).toEqual([1000, 900, 500, 800, 2000]);
  });
});
