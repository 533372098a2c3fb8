import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { CHAT_FAILURE_TEXT, type ChatThreadDetail, EMPTY_REPLY_TEXT, NEW_CHAT_TITLE } from '#shared/chat.ts';
import { takeConsoleErrors } from '#tests/setup/console-capture.ts';
import { deferred, errorResponse } from '#tests/web-kit/http-answers.ts';
import { controlledSse } from '#tests/web-kit/studio/event-stream.ts';
import { renderStudio } from '#tests/web-kit/studio/render-studio.tsx';
import { buildMessage, buildThread, serveStudio } from '#tests/web-kit/studio/studio-handlers.ts';
import { chatThreadQueryKey } from '#web/features/chat/api/get-chat-thread.ts';
import { browserTimeZone } from '#web/lib/browser-time-zone.ts';

const TYPING_TEXT = 'Lumara is typing…';

const input = () => screen.getByRole('textbox', { name: 'Message' });
const conversation = () => screen.getByRole('log', { name: 'Conversation' });
const threadList = () => screen.getByRole('navigation', { name: 'Chat threads' });
const currentThread = () => within(threadList()).getByRole('button', { current: true });
/** A thread's button: its title, then when it was last used. */
const threadButton = (title: string) =>
  within(threadList()).getByRole('button', { name: new RegExp(`^${title} `) });
const threadTitles = () =>
  within(threadList())
    .getAllByRole('button', { name: /^(?!Archive|New chat)/ })
    .map((button) => button.firstElementChild?.textContent);

async function ready() {
  await waitFor(() => expect(screen.getByRole('combobox', { name: 'Provider' })).toBeEnabled());
  await waitFor(() =>
    expect(within(threadList()).queryAllByRole('button', { current: true })).toHaveLength(1),
  );
}

describe('StudioPage: threads', () => {
  it('creates one New Chat when the member has none, even under StrictMode', async () => {
    const server = serveStudio();
    renderStudio('/studio', { strict: true });
    await ready();
    expect(currentThread()).toHaveTextContent(NEW_CHAT_TITLE);
    expect(server.requestsTo('/api/chat/thread', 'POST')).toHaveLength(1);
    expect(server.bodiesTo('/api/chat/thread')).toEqual([{ title: NEW_CHAT_TITLE }]);
    // Reloads of the list create nothing more.
    await waitFor(() => expect(server.requestsTo('/api/chat/threads').length).toBeGreaterThanOrEqual(2));
    expect(server.requestsTo('/api/chat/thread', 'POST')).toHaveLength(1);
    expect(server.threads()).toHaveLength(1);
  });

  it('opens the most recent thread and shows its messages on their sides', async () => {
    const older = buildThread({ title: 'Older' });
    const recent = buildThread({ title: 'Recent' });
    serveStudio({
      threads: [older, recent],
      messages: {
        [recent.id]: [
          buildMessage(recent.id, { content: 'Hello parrot' }),
          buildMessage(recent.id, { role: 'assistant', content: 'Hello member!' }),
          buildMessage(recent.id, { content: 'Say nothing' }),
          buildMessage(recent.id, { role: 'assistant', content: '' }),
          buildMessage(recent.id, { content: 'Tell me a long story' }),
          buildMessage(recent.id, { role: 'assistant', content: 'Once upon', stopped: true }),
        ],
      },
    });
    const { user } = renderStudio();
    await ready();
    expect(currentThread()).toHaveTextContent('Recent');
    expect(threadTitles()).toEqual(['Recent', 'Older']);
    const log = conversation();
    expect(await within(log).findByText('Hello member!')).toBeInTheDocument();
    expect(within(log).getByText('Hello parrot').closest('li')).toHaveTextContent('You: Hello parrot');
    expect(within(log).getByText('Hello member!').closest('li')).toHaveTextContent('Lumara: Hello member!');
    expect(within(log).getByText(EMPTY_REPLY_TEXT)).toBeInTheDocument();
    expect(within(log).getByText('Once upon').closest('li')).toHaveTextContent('Stopped');

    await user.click(threadButton('Older'));
    expect(currentThread()).toHaveTextContent('Older');
    expect(await within(conversation()).findByText('Say hello to Lumara')).toBeInTheDocument();
  });

  it('archives the open thread and opens the next one', async () => {
    const third = buildThread({ title: 'Third' });
    const second = buildThread({ title: 'Second' });
    const first = buildThread({ title: 'First' });
    const server = serveStudio({ threads: [first, second, third] });
    const { user } = renderStudio();
    await ready();
    expect(currentThread()).toHaveTextContent('First');
    await user.click(threadButton('Second'));
    await user.click(within(threadList()).getByRole('button', { name: 'Archive Second' }));

    await waitFor(() => expect(currentThread()).toHaveTextContent('Third'));
    expect(within(threadList()).queryByText('Second')).not.toBeInTheDocument();
    expect(server.requestsTo(`/api/chat/thread/${second.id}/archive`, 'PUT')).toHaveLength(1);

    // Archiving another thread leaves the open one open.
    await user.click(within(threadList()).getByRole('button', { name: 'Archive First' }));
    await waitFor(() => expect(within(threadList()).queryByText('First')).not.toBeInTheDocument());
    expect(currentThread()).toHaveTextContent('Third');
  });

  it('archives the last thread and starts a new one, once', async () => {
    const only = buildThread({ title: 'Only' });
    const server = serveStudio({ threads: [only] });
    const { user } = renderStudio('/studio', { strict: true });
    await ready();
    await user.click(within(threadList()).getByRole('button', { name: 'Archive Only' }));
    await waitFor(() => expect(currentThread()).toHaveTextContent(NEW_CHAT_TITLE));
    expect(within(threadList()).queryByText('Only')).not.toBeInTheDocument();
    await waitFor(() => expect(server.threads()).toHaveLength(1));
    expect(server.requestsTo('/api/chat/thread', 'POST')).toHaveLength(1);
  });

  it('starts a new chat on request and opens it', async () => {
    const server = serveStudio({ threads: [buildThread({ title: 'Plans' })] });
    const { user } = renderStudio();
    await ready();
    await user.click(screen.getByRole('button', { name: 'New chat' }));
    await waitFor(() => expect(currentThread()).toHaveTextContent(NEW_CHAT_TITLE));
    expect(server.threads()).toHaveLength(2);
  });

  it('says when archiving fails, and keeps the thread', async () => {
    const thread = buildThread({ title: 'Stubborn' });
    serveStudio({
      threads: [thread],
      overrides: [http.put('/api/chat/thread/:id/archive', () => errorResponse(500, 'internal'))],
    });
    const { user } = renderStudio();
    await ready();
    await user.click(within(threadList()).getByRole('button', { name: 'Archive Stubborn' }));
    expect(await screen.findByText('Could not archive that chat. Please try again.')).toBeInTheDocument();
    expect(currentThread()).toHaveTextContent('Stubborn');
  });
});

describe('StudioPage: sending', () => {
  it('streams the reply into the page, with the input disabled until it is done', async () => {
    const thread = buildThread({ title: NEW_CHAT_TITLE });
    let stream: ReturnType<typeof controlledSse> | undefined;
    const opened = deferred<void>();
    const server = serveStudio({
      threads: [thread],
      stream: () => {
        stream = controlledSse();
        opened.resolve();
        return stream.response;
      },
    });
    const { user, queryClient } = renderStudio();
    await ready();
    await within(conversation()).findByText('Say hello to Lumara');

    await user.type(input(), '  What is a parrot?  ');
    await user.keyboard('{Enter}');
    await opened.promise;
    expect(input()).toBeDisabled();
    expect(input()).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Send' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Stop' })).toBeEnabled();
    // The member's words show at once; Lumara is typing until her first words.
    expect(within(conversation()).getByText('What is a parrot?')).toBeInTheDocument();
    expect(screen.getByText(TYPING_TEXT).closest('[role="status"]')).toBeInTheDocument();

    const userMessage = buildMessage(thread.id, { content: 'What is a parrot?' });
    server.store(userMessage);
    stream?.send('user', { userMessage });
    stream?.send('delta', { text: 'A parrot ' });
    expect(await within(conversation()).findByText('A parrot')).toBeInTheDocument();
    expect(screen.queryByText(TYPING_TEXT)).not.toBeInTheDocument();
    stream?.send('delta', { text: 'is a bird.' });
    expect(await within(conversation()).findByText('A parrot is a bird.')).toBeInTheDocument();
    expect(input()).toBeDisabled();

    const aiMessage = buildMessage(thread.id, { role: 'assistant', content: 'A parrot is a bird.' });
    server.store(aiMessage);
    stream?.send('done', { aiMessage });
    await waitFor(() => expect(input()).toBeEnabled());
    expect(within(conversation()).getAllByText('A parrot is a bird.')).toHaveLength(1);
    expect(within(conversation()).getAllByText('What is a parrot?')).toHaveLength(1);
    expect(queryClient.getQueryData<ChatThreadDetail>(chatThreadQueryKey(thread.id))?.messages).toEqual([
      userMessage,
      aiMessage,
    ]);
    stream?.close();

    expect(server.bodiesTo('/api/chat/stream')).toEqual([
      {
        threadId: thread.id,
        content: 'What is a parrot?',
        provider: 'openrouter',
        model: 'openrouter/auto',
        lumaraSystem: true,
        styleMode: 'default',
        time_zone: browserTimeZone(),
      },
    ]);
    // The list reloads after the reply (the thread moved up and may have a new title).
    await waitFor(() => expect(server.requestsTo('/api/chat/threads').length).toBeGreaterThanOrEqual(2));
    expect(input()).toHaveFocus();
  });

  it('moves the thread just used to the top of the list', async () => {
    const older = buildThread({ title: 'Older' });
    const newer = buildThread({ title: 'Newer' });
    serveStudio({ threads: [older, newer] });
    const { user } = renderStudio();
    await ready();
    await user.click(threadButton('Older'));
    await user.type(input(), 'Bump me{Enter}');
    await within(conversation()).findByText('Lumara heard: "Bump me"');
    await waitFor(() => expect(threadTitles()).toEqual(['Older', 'Newer']));
  });

  it('sends with Shift+Enter making a new line, and not while empty', async () => {
    const server = serveStudio({ threads: [buildThread()] });
    const { user } = renderStudio();
    await ready();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await user.type(input(), '   {Enter}');
    expect(server.requestsTo('/api/chat/stream')).toHaveLength(0);
    await user.clear(input());
    await user.type(input(), 'Line one{Shift>}{Enter}{/Shift}Line two');
    expect(input()).toHaveValue('Line one\nLine two');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(
      await within(conversation()).findByText('Lumara heard: "Line one Line two"', {
        normalizer: (t) => t.replace(/\s+/g, ' '),
      }),
    ).toBeInTheDocument();
  });

  it('sends the persona settings and the chosen model', async () => {
    const server = serveStudio({ threads: [buildThread()] });
    const { user } = renderStudio();
    await ready();
    await user.click(screen.getByRole('switch', { name: 'Lumara System' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Style mode' }), 'teacher');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Provider' }), 'straico');
    await user.type(input(), 'Hi{Enter}');
    await within(conversation()).findByText('Lumara heard: "Hi"');
    expect(server.bodiesTo('/api/chat/stream')[0]).toMatchObject({
      provider: 'straico',
      model: 'openai/gpt-4o-mini',
      lumaraSystem: false,
      styleMode: 'teacher',
    });
  });

  it('shows the apology and the server’s reason when the reply cannot start, and gives the words back', async () => {
    serveStudio({
      threads: [buildThread()],
      stream: () =>
        errorResponse(
          503,
          'provider_not_configured',
          'OpenRouter is not configured on this server: set OPENROUTER_API_KEY',
        ),
    });
    const { user } = renderStudio();
    await ready();
    await user.type(input(), 'Are you there?{Enter}');
    const apology = await within(conversation()).findByText(CHAT_FAILURE_TEXT);
    expect(apology.closest('li')).toHaveTextContent(
      'OpenRouter is not configured on this server: set OPENROUTER_API_KEY',
    );
    // Never stored: the member's words are back in the box, not in the conversation.
    expect(input()).toHaveValue('Are you there?');
    expect(input()).toBeEnabled();
    expect(within(conversation()).queryByText('Are you there?')).not.toBeInTheDocument();
    expect(takeConsoleErrors()).toEqual([expect.stringContaining('Chat reply failed')]);
  });

  it('shows the member message the server kept when the provider failed before its first word', async () => {
    const thread = buildThread();
    const server = serveStudio({
      threads: [thread],
      stream: async ({ request }) => {
        // As the server does: the member message is stored, then the provider fails before the stream starts.
        const { content } = (await request.json()) as { content: string };
        server.store(buildMessage(thread.id, { content }));
        return errorResponse(502, 'provider_failed', 'OpenRouter: Internal Server Error');
      },
    });
    const { user } = renderStudio();
    await ready();
    await user.type(input(), 'Tell me [[fail]{Enter}');
    const apology = await within(conversation()).findByText(CHAT_FAILURE_TEXT);
    expect(apology.closest('li')).toHaveTextContent('OpenRouter: Internal Server Error');
    expect(within(conversation()).getByText('Tell me [fail]')).toBeInTheDocument();
    // Stored, so not given back: sending it again would repeat it.
    expect(input()).toHaveValue('');
    // The apology comes after the message it answers.
    const items = within(conversation()).getAllByRole('listitem');
    expect(items.at(-1)).toHaveTextContent(CHAT_FAILURE_TEXT);
    expect(items.at(-2)).toHaveTextContent('Tell me [fail]');
    expect(takeConsoleErrors()).toEqual([expect.stringContaining('Chat reply failed')]);
  });

  it('keeps the earlier reply when a regenerate fails', async () => {
    const thread = buildThread();
    serveStudio({
      threads: [thread],
      messages: {
        [thread.id]: [
          buildMessage(thread.id, { content: 'Name a bird' }),
          buildMessage(thread.id, { role: 'assistant', content: 'A crow' }),
        ],
      },
      stream: () => errorResponse(504, 'provider_timeout', 'OpenRouter did not answer in time'),
    });
    const { user } = renderStudio();
    await ready();
    await within(conversation()).findByText('A crow');
    await user.click(screen.getByRole('button', { name: 'Regenerate' }));
    const apology = await within(conversation()).findByText(CHAT_FAILURE_TEXT);
    expect(apology.closest('li')).toHaveTextContent('OpenRouter did not answer in time');
    expect(within(conversation()).getByText('A crow')).toBeInTheDocument();
    expect(takeConsoleErrors()).toEqual([expect.stringContaining('Chat reply failed')]);
  });

  it('keeps the stored member message and apologises when the provider fails mid-stream', async () => {
    const thread = buildThread();
    serveStudio({
      threads: [thread],
      streamEvents: () => [
        ['user', { userMessage: buildMessage(thread.id, { content: 'Tell me [midstream-error]' }) }],
        ['delta', { text: 'Half an answer' }],
        ['error', { code: 'provider_failed', message: 'Provider disconnected unexpectedly' }],
      ],
    });
    const { user } = renderStudio();
    await ready();
    await user.type(input(), 'Tell me [[midstream-error]{Enter}');
    const apology = await within(conversation()).findByText(CHAT_FAILURE_TEXT);
    expect(apology.closest('li')).toHaveTextContent('Provider disconnected unexpectedly');
    expect(within(conversation()).getByText('Tell me [midstream-error]')).toBeInTheDocument();
    expect(within(conversation()).queryByText('Half an answer')).not.toBeInTheDocument();
    expect(input()).toHaveValue('');
    expect(takeConsoleErrors()).toEqual([expect.stringContaining('Chat reply failed')]);
  });

  it('apologises when the connection fails', async () => {
    serveStudio({
      threads: [buildThread()],
      stream: () => HttpResponse.error(),
    });
    const { user } = renderStudio();
    await ready();
    await user.type(input(), 'Hello?{Enter}');
    const apology = await within(conversation()).findByText(CHAT_FAILURE_TEXT);
    expect(apology.closest('li')).toHaveTextContent('Lumara could not reach the server.');
    expect(takeConsoleErrors()).toEqual([expect.stringContaining('Chat reply failed')]);
  });

  it("shows '(no reply)' when the model answered nothing", async () => {
    const thread = buildThread();
    serveStudio({
      threads: [thread],
      streamEvents: () => [
        ['user', { userMessage: buildMessage(thread.id, { content: '[empty]' }) }],
        ['done', { aiMessage: buildMessage(thread.id, { role: 'assistant', content: '' }) }],
      ],
    });
    const { user } = renderStudio();
    await ready();
    await user.type(input(), '[[empty]{Enter}');
    expect(await within(conversation()).findByText(EMPTY_REPLY_TEXT)).toBeInTheDocument();
  });

  it('stops the reply on request and shows what the server kept', async () => {
    const thread = buildThread();
    let stream: ReturnType<typeof controlledSse> | undefined;
    const server = serveStudio({
      threads: [thread],
      stream: () => {
        stream = controlledSse();
        return stream.response;
      },
    });
    const { user } = renderStudio();
    await ready();
    await user.type(input(), 'Go on [[slow]{Enter}');
    await waitFor(() => expect(stream).toBeDefined());
    const userMessage = buildMessage(thread.id, { content: 'Go on [slow]' });
    server.store(userMessage);
    stream?.send('user', { userMessage });
    stream?.send('delta', { text: 'Taking my time: word1 word2' });
    await within(conversation()).findByText('Taking my time: word1 word2');
    const threadReads = server.requestsTo(`/api/chat/thread/${thread.id}`).length;

    // What the server stored when the connection dropped.
    const stored = buildMessage(thread.id, {
      role: 'assistant',
      content: 'Taking my time: word1 word2',
      stopped: true,
    });
    server.store(stored);
    await user.click(screen.getByRole('button', { name: 'Stop' }));

    await waitFor(() => expect(input()).toBeEnabled());
    expect(stream?.isOpen()).toBe(false);
    expect(server.requestsTo(`/api/chat/thread/${thread.id}`).length).toBeGreaterThan(threadReads);
    const kept = within(conversation()).getByText('Taking my time: word1 word2');
    expect(kept.closest('li')).toHaveTextContent('Stopped');
    expect(within(conversation()).getAllByText('Taking my time: word1 word2')).toHaveLength(1);
    expect(screen.queryByText(CHAT_FAILURE_TEXT)).not.toBeInTheDocument();
  });

  it('after Stop, reads the thread again until the server has stored the part that arrived', async () => {
    const thread = buildThread();
    let stream: ReturnType<typeof controlledSse> | undefined;
    let readsAfterStop = 0;
    let stopped = false;
    const server = serveStudio({
      threads: [thread],
      stream: ({ request }) => {
        stream = controlledSse();
        request.signal.addEventListener('abort', () => {
          stopped = true;
        });
        return stream.response;
      },
      overrides: [
        // Counts the reads after Stop, then lets the studio's handler answer them.
        http.get(`/api/chat/thread/${thread.id}`, () => {
          if (!stopped) return;
          readsAfterStop += 1;
          // The server notices the closed connection a moment later: the first read finds nothing yet.
          if (readsAfterStop === 2) {
            server.store(
              buildMessage(thread.id, { role: 'assistant', content: 'Partial words', stopped: true }),
            );
          }
        }),
      ],
    });
    const { user } = renderStudio();
    await ready();
    await user.type(input(), 'Go slowly{Enter}');
    await waitFor(() => expect(stream).toBeDefined());
    const userMessage = buildMessage(thread.id, { content: 'Go slowly' });
    server.store(userMessage);
    stream?.send('user', { userMessage });
    stream?.send('delta', { text: 'Partial words' });
    await within(conversation()).findByText('Partial words');
    await user.click(screen.getByRole('button', { name: 'Stop' }));

    await waitFor(() => expect(input()).toBeEnabled());
    expect(readsAfterStop).toBe(2);
    const kept = within(conversation()).getByText('Partial words');
    expect(kept.closest('li')).toHaveTextContent('Stopped');
    expect(kept.closest('li')).not.toHaveAttribute('aria-hidden');
  });

  it('regenerates the last reply', async () => {
    const thread = buildThread();
    const server = serveStudio({
      threads: [thread],
      messages: {
        [thread.id]: [
          buildMessage(thread.id, { content: 'Name a bird' }),
          buildMessage(thread.id, { role: 'assistant', content: 'A crow' }),
        ],
      },
    });
    const { user } = renderStudio();
    await ready();
    await within(conversation()).findByText('A crow');
    await user.click(screen.getByRole('button', { name: 'Regenerate' }));
    expect(await within(conversation()).findByText('Lumara heard: "Name a bird"')).toBeInTheDocument();
    expect(within(conversation()).queryByText('A crow')).not.toBeInTheDocument();
    expect(server.bodiesTo('/api/chat/regenerate')).toEqual([
      {
        threadId: thread.id,
        provider: 'openrouter',
        model: 'openrouter/auto',
        lumaraSystem: true,
        styleMode: 'default',
        time_zone: browserTimeZone(),
      },
    ]);
  });

  it('keeps each thread’s conversation apart', async () => {
    const first = buildThread({ title: 'First' });
    serveStudio({ threads: [first] });
    const { user } = renderStudio();
    await ready();
    await user.type(input(), 'In the first{Enter}');
    await within(conversation()).findByText('Lumara heard: "In the first"');
    await user.click(screen.getByRole('button', { name: 'New chat' }));
    await waitFor(() => expect(currentThread()).toHaveTextContent(NEW_CHAT_TITLE));
    await within(conversation()).findByText('Say hello to Lumara');
    await user.type(input(), 'In the second{Enter}');
    await within(conversation()).findByText('Lumara heard: "In the second"');
    expect(within(conversation()).queryByText('In the first')).not.toBeInTheDocument();

    await user.click(threadButton('First'));
    expect(await within(conversation()).findByText('Lumara heard: "In the first"')).toBeInTheDocument();
    expect(within(conversation()).queryByText('In the second')).not.toBeInTheDocument();
  });
});
