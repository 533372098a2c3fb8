import { describe, expect, it } from 'vitest';
import { NEW_CHAT_TITLE } from '#shared/chat.ts';
import {
  boundedSummary,
  buildModelMessages,
  CHAT_MEMORY,
  type ConversationMessage,
  MEMORY_NOTE_PREFIX,
  messagesToSummarize,
  SUMMARIZER_PROMPT,
  summarizerMessages,
} from './chat-memory.ts';
import { titleFromMessage } from './chat-title.ts';

/** The pure parts of chat memory and titles; the database side is covered in chat.test.ts. */

const conversation = (count: number): ConversationMessage[] =>
  Array.from({ length: count }, (_, i) => ({
    role: i % 2 === 0 ? 'user' : 'assistant',
    content: `message ${i + 1}`,
  }));

describe('buildModelMessages', () => {
  it('sends the persona, then the conversation oldest first', () => {
    expect(
      buildModelMessages({ systemPrompt: 'Be Lumara.', memory: '', conversation: conversation(2) }),
    ).toEqual([
      { role: 'system', content: 'Be Lumara.' },
      { role: 'user', content: 'message 1' },
      { role: 'assistant', content: 'message 2' },
    ]);
  });

  it('sends no system message at all with the Lumara System off and no memory', () => {
    expect(buildModelMessages({ systemPrompt: null, memory: '  ', conversation: conversation(1) })).toEqual([
      { role: 'user', content: 'message 1' },
    ]);
  });

  it('adds the memory note after the persona, and sends it alone with the persona off', () => {
    const withPersona = buildModelMessages({
      systemPrompt: 'Be Lumara.',
      memory: 'They like tea.',
      conversation: [],
    });
    expect(withPersona).toEqual([
      { role: 'system', content: `Be Lumara.\n\n${MEMORY_NOTE_PREFIX}They like tea.` },
    ]);
    expect(buildModelMessages({ systemPrompt: null, memory: 'They like tea.', conversation: [] })).toEqual([
      { role: 'system', content: `${MEMORY_NOTE_PREFIX}They like tea.` },
    ]);
    expect(MEMORY_NOTE_PREFIX).toBe('Earlier in this conversation (summary): ');
  });

  it('sends at most the last 18 messages, never the whole history', () => {
    const sent = buildModelMessages({ systemPrompt: null, memory: '', conversation: conversation(30) });
    expect(sent).toHaveLength(CHAT_MEMORY.contextMessages);
    expect(sent[0]?.content).toBe('message 13');
    expect(sent.at(-1)?.content).toBe('message 30');
  });

  it('leaves out empty replies and stored system messages', () => {
    const sent = buildModelMessages({
      systemPrompt: null,
      memory: '',
      conversation: [
        { role: 'system', content: 'stale' },
        { role: 'user', content: 'hello' },
        { role: 'assistant', content: '  ' },
        { role: 'user', content: 'hello?' },
      ],
    });
    expect(sent).toEqual([
      { role: 'user', content: 'hello' },
      { role: 'user', content: 'hello?' },
    ]);
  });
});

describe('messagesToSummarize', () => {
  it('waits until more than 16 messages follow the summary, then folds in all but the last 8', () => {
    expect(messagesToSummarize(0)).toBe(0);
    expect(messagesToSummarize(16)).toBe(0);
    expect(messagesToSummarize(17)).toBe(9);
    expect(messagesToSummarize(24)).toBe(16);
  });

  it('folds in a backlog a batch at a time', () => {
    expect(messagesToSummarize(500)).toBe(CHAT_MEMORY.summarizeBatchMax);
  });
});

describe('summarizerMessages', () => {
  it('asks for a short summary of the existing memory and the new messages', () => {
    const [system, user] = summarizerMessages('They study algebra.', [
      { role: 'user', content: 'I prefer mornings' },
      { role: 'assistant', content: '' },
    ]);
    expect(system).toEqual({ role: 'system', content: SUMMARIZER_PROMPT });
    expect(SUMMARIZER_PROMPT).toContain(`at most ${CHAT_MEMORY.summaryWords} words`);
    expect(user).toEqual({
      role: 'user',
      content:
        'Existing summary:\nThey study algebra.\n\nNew messages:\nMember: I prefer mornings\n\nLumara: (no reply)',
    });
    expect(summarizerMessages('', [])[1]?.content).toContain('(none yet)');
  });

  it('cuts very long messages in the transcript', () => {
    const [, user] = summarizerMessages('', [{ role: 'user', content: 'x'.repeat(10_000) }]);
    expect(user?.content.length).toBeLessThan(CHAT_MEMORY.excerptChars + 100);
  });
});

describe('boundedSummary', () => {
  it('keeps a summary of reasonable length as written, trimmed', () => {
    expect(boundedSummary('  They like tea.\n')).toBe('They like tea.');
  });

  it('cuts a runaway summary', () => {
    const long = Array.from({ length: 1_000 }, (_, i) => `w${i}`).join(' ');
    const kept = boundedSummary(long);
    expect(kept.split(' ')).toHaveLength(CHAT_MEMORY.summaryWordsKept);
    expect(kept.endsWith('…')).toBe(true);
  });
});

describe('titleFromMessage', () => {
  it('keeps a short message whole, on one line', () => {
    expect(titleFromMessage('  Plan my\n week  ')).toBe('Plan my week');
  });

  it('cuts a long message at a word boundary near 60 characters', () => {
    const title = titleFromMessage(
      'Help me plan a three-week study schedule for the linear algebra exam with short daily sessions',
    );
    expect(title).toBe('Help me plan a three-week study schedule for the linear…');
    expect(title.length).toBeLessThanOrEqual(61);
  });

  it('keeps a whole last word that ends exactly at the limit', () => {
    const sixty = `${'abcd '.repeat(11)}abcde`;
    expect(sixty).toHaveLength(60);
    expect(titleFromMessage(`${sixty} more words`)).toBe(`${sixty}…`);
  });

  it('cuts a message without spaces mid-word, without splitting an emoji', () => {
    expect(titleFromMessage('a'.repeat(100))).toBe(`${'a'.repeat(60)}…`);
    const emoji = titleFromMessage('🦜'.repeat(70));
    expect(Array.from(emoji)).toHaveLength(61);
    expect(emoji.startsWith('🦜'.repeat(60))).toBe(true);
  });

  it('falls back to New Chat when nothing is left', () => {
    expect(titleFromMessage(' \n ')).toBe(NEW_CHAT_TITLE);
  });
});
