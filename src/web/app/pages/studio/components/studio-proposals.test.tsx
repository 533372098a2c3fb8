import { act, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { PLAN_MY_DAY_PROMPT, type Proposal } from '#shared/agent-tools.ts';
import type { ChatThreadDetail } from '#shared/chat.ts';
import { deferred, errorResponse } from '#tests/web-kit/http-answers.ts';
import { controlledSse } from '#tests/web-kit/studio/event-stream.ts';
import { renderStudio } from '#tests/web-kit/studio/render-studio.tsx';
import {
  buildChange,
  buildMessage,
  buildModels,
  buildProposal,
  buildThread,
  serveStudio,
} from '#tests/web-kit/studio/studio-handlers.ts';
import { chatThreadQueryKey } from '#web/features/chat/api/get-chat-thread.ts';
import { browserTimeZone } from '#web/lib/browser-time-zone.ts';
import { activateLanguage } from '#web/lib/i18n/i18n.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

const conversation = () => screen.getByRole('log', { name: 'Conversation' });
// The thread loads after the models and the thread list: on a busy machine that can take a while.
const card = (name = 'Proposed changes') => screen.findByRole('region', { name }, { timeout: 3000 });
const input = () => screen.getByRole('textbox', { name: 'Message' });

function threadWith(proposal: Proposal) {
  const thread = buildThread({ title: 'Plans' });
  const messages = [
    buildMessage(thread.id, { content: 'Plan my day' }),
    buildMessage(thread.id, { role: 'assistant', content: 'Here is a plan.', proposal }),
  ];
  return { thread, messages: { [thread.id]: messages } };
}

const moveAndAdd = () =>
  buildProposal({
    changes: [
      buildChange({
        tool: 'update_task',
        args: { id: 5, due_date: '2026-05-03' },
        summary: "Move 'Report' to May 3",
        fields: [{ field: 'due_date', before: '2026-05-02', after: '2026-05-03' }],
      }),
      buildChange(),
      buildChange({
        tool: 'delete_task',
        args: { id: 999 },
        summary: 'Delete task 999',
        fields: [],
        valid: false,
        error: 'That task is not one of yours, or no longer exists',
      }),
    ],
  });

describe('StudioPage: proposed changes', () => {
  it('applies the valid changes, then undoes them, and refreshes the pages they touch', async () => {
    const proposal = moveAndAdd();
    const { thread, messages } = threadWith(proposal);
    const release = deferred<void>();
    const server = serveStudio({
      threads: [thread],
      messages,
      overrides: [
        // Held once, to look at the card while the apply runs; then the studio's own answer.
        http.post('/api/chat/proposals/:id/apply', async () => {
          await release.promise;
        }),
      ],
    });
    const { user, queryClient } = renderStudio();
    const region = await card();

    // Each change, its fields in words; the invalid one struck through with its reason, and not counted.
    expect(within(region).getByText("Move 'Report' to May 3")).toBeInTheDocument();
    const due = within(region).getByText('Due date:').closest('li');
    expect(due).toHaveTextContent('Due date: May 2, 2026 → to May 3, 2026');
    expect(within(region).getByText('Title:').closest('li')).toHaveTextContent('Title: Buy milk');
    expect(within(region).getByText('Delete task 999')).toHaveClass('line-through');
    expect(
      within(region).getByText('Will not be applied: That task is not one of yours, or no longer exists'),
    ).toBeInTheDocument();
    expect(within(region).getByText('2 changes to apply')).toBeInTheDocument();

    const watched = [queryKeys.tasks, queryKeys.calendar, queryKeys.dashboardStats, queryKeys.pomodoro];
    for (const key of watched) queryClient.setQueryData([...key, 'probe'], 'loaded');

    await user.click(within(region).getByRole('button', { name: 'Apply all' }));
    await waitFor(() => expect(region).toHaveAttribute('aria-busy', 'true'));
    expect(within(region).getByRole('button', { name: 'Apply all' })).toBeDisabled();
    expect(within(region).getByRole('button', { name: 'Reject' })).toBeDisabled();
    release.resolve();

    // The status line is there from the start (a live region), empty while pending.
    await waitFor(() => expect(within(region).getByRole('status')).toHaveTextContent('Applied'));
    expect(region).not.toHaveAttribute('aria-busy');
    expect(within(region).queryByRole('button', { name: 'Apply all' })).not.toBeInTheDocument();
    expect(server.requestsTo(`/api/chat/proposals/${proposal.id}/apply`, 'POST')).toHaveLength(1);
    for (const key of watched) {
      expect(queryClient.getQueryState([...key, 'probe'])?.isInvalidated).toBe(true);
    }
    const cached = queryClient.getQueryData<ChatThreadDetail>(chatThreadQueryKey(thread.id));
    expect(cached?.messages.at(-1)?.proposal?.status).toBe('applied');

    // Keyboard focus follows to Undo, then to the status line once Undo is gone.
    await waitFor(() => expect(within(region).getByRole('button', { name: 'Undo' })).toHaveFocus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(within(region).getByRole('status')).toHaveTextContent('Undone'));
    await waitFor(() => expect(within(region).getByRole('status')).toHaveFocus());
    expect(within(region).queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
    expect(server.requestsTo(`/api/chat/proposals/${proposal.id}/undo`, 'POST')).toHaveLength(1);
  });

  it('rejects, changing nothing', async () => {
    const proposal = moveAndAdd();
    const { thread, messages } = threadWith(proposal);
    const server = serveStudio({ threads: [thread], messages });
    const { user, queryClient } = renderStudio();
    const region = await card();
    queryClient.setQueryData([...queryKeys.tasks, 'probe'], 'loaded');
    await user.click(within(region).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(within(region).getByRole('status')).toHaveTextContent('Rejected'));
    expect(within(region).queryByRole('button')).not.toBeInTheDocument();
    expect(server.requestsTo(`/api/chat/proposals/${proposal.id}/apply`, 'POST')).toHaveLength(0);
    expect(queryClient.getQueryState([...queryKeys.tasks, 'probe'])?.isInvalidated).toBe(false);
  });

  it("shows the server's reason when an undo is refused, and keeps Undo", async () => {
    const proposal = buildProposal({
      status: 'applied',
      applied_at: new Date().toISOString(),
      undo_until: new Date(Date.now() + 3_600_000).toISOString(),
    });
    const { thread, messages } = threadWith(proposal);
    serveStudio({
      threads: [thread],
      messages,
      overrides: [
        http.post('/api/chat/proposals/:id/undo', () =>
          errorResponse(409, 'conflict', "'Buy milk' was changed since: undo it by hand"),
        ),
      ],
    });
    const { user } = renderStudio();
    const region = await card();
    expect(within(region).getByRole('status')).toHaveTextContent('Applied');
    await user.click(within(region).getByRole('button', { name: 'Undo' }));
    expect(await within(region).findByRole('alert')).toHaveTextContent(
      "'Buy milk' was changed since: undo it by hand",
    );
    expect(within(region).getByRole('button', { name: 'Undo' })).toBeEnabled();
  });

  it('offers the drafted post after the apply, and no Undo once its time is over', async () => {
    const draft = buildProposal({
      changes: [
        buildChange({
          tool: 'draft_post',
          args: { title: 'Week recap', body: 'Five tasks done' },
          summary: "Draft a post 'Week recap'",
          fields: [{ field: 'title', before: null, after: 'Week recap' }],
        }),
      ],
    });
    const late = buildProposal({
      status: 'applied',
      applied_at: '2026-04-01T10:00:00.000Z',
      undo_until: '2026-04-02T10:00:00.000Z',
    });
    const thread = buildThread();
    serveStudio({
      threads: [thread],
      messages: {
        [thread.id]: [
          buildMessage(thread.id, { role: 'assistant', content: 'Old', proposal: late }),
          buildMessage(thread.id, { role: 'assistant', content: 'Drafted', proposal: draft }),
        ],
      },
    });
    const { user } = renderStudio();
    await within(conversation()).findByText('Drafted');
    const [old, fresh] = screen.getAllByRole('region', { name: 'Proposed changes' });
    if (!old || !fresh) throw new Error('two cards expected');
    expect(within(old).getByRole('status')).toHaveTextContent('Applied');
    expect(within(old).queryByRole('button')).not.toBeInTheDocument();

    await user.click(within(fresh).getByRole('button', { name: 'Apply all' }));
    const link = await within(fresh).findByRole('link', { name: 'Open the draft' });
    expect(link).toHaveAttribute('href', '/community?draft_title=Week+recap&draft_body=Five+tasks+done');
  });

  it('speaks Spanish: heading, fields, dates and buttons', async () => {
    const { thread, messages } = threadWith(moveAndAdd());
    serveStudio({ threads: [thread], messages });
    renderStudio();
    await card();
    await act(() => activateLanguage('es'));
    const region = await card('Cambios propuestos');
    expect(within(region).getByText('Fecha límite:').closest('li')).toHaveTextContent(
      'Fecha límite: 2 may 2026 → a 3 may 2026',
    );
    expect(within(region).getByText('2 cambios por aplicar')).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Aplicar todo' })).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Rechazar' })).toBeInTheDocument();
    await act(() => activateLanguage('en'));
  });
});

describe('StudioPage: tools while the reply is written', () => {
  it('says what the model is reading, then shows the changes the reply proposes', async () => {
    const thread = buildThread();
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
    const { user } = renderStudio();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Provider' })).toBeEnabled());
    await within(conversation()).findByText('Say hello to Lumara');
    await user.type(input(), 'What is due?{Enter}');
    await opened.promise;

    const userMessage = buildMessage(thread.id, { content: 'What is due?' });
    server.store(userMessage);
    stream?.send('user', { userMessage });
    stream?.send('tool', { name: 'list_tasks', status: 'running' });
    const status = await screen.findByText('Reading your tasks…');
    expect(status.closest('[role="status"]')).toBeInTheDocument();
    expect(screen.queryByText('Lumara is typing…')).not.toBeInTheDocument();
    stream?.send('tool', { name: 'list_tasks', status: 'done' });
    stream?.send('tool', { name: 'get_calendar', status: 'running' });
    expect(await screen.findByText('Checking your calendar…')).toBeInTheDocument();
    expect(screen.queryByText('Reading your tasks…')).not.toBeInTheDocument();
    stream?.send('tool', { name: 'get_calendar', status: 'done' });
    await waitFor(() => expect(screen.queryByText('Checking your calendar…')).not.toBeInTheDocument());

    const proposal = buildProposal();
    stream?.send('proposal', { proposal });
    const region = await card();
    expect(within(region).getByText("Add 'Buy milk'")).toBeInTheDocument();
    stream?.send('delta', { text: 'One thing to add.' });
    const aiMessage = buildMessage(thread.id, { role: 'assistant', content: 'One thing to add.', proposal });
    server.store(aiMessage);
    stream?.send('done', { aiMessage });
    stream?.close();
    await waitFor(() => expect(input()).toBeEnabled());
    expect(screen.getAllByRole('region', { name: 'Proposed changes' })).toHaveLength(1);
  });

  it('notes that a model without tools cannot act on tasks', async () => {
    const models = buildModels();
    serveStudio({
      threads: [buildThread()],
      models: {
        ...models,
        data: models.data.map((category) =>
          category.provider === 'straico' && category.kind === 'chat'
            ? { ...category, canUseTools: false }
            : category,
        ),
      },
    });
    const { user } = renderStudio();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Provider' })).toBeEnabled());
    const note = 'This model can chat but cannot act on your tasks';
    expect(screen.queryByText(note)).not.toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Provider' }), 'straico');
    expect(await screen.findByText(note)).toBeInTheDocument();
    expect(input()).toHaveAccessibleDescription(expect.stringContaining(note));
  });
});

describe('StudioPage: Plan my day', () => {
  const withoutTools = () => {
    const models = buildModels();
    return {
      ...models,
      data: models.data.map((category) =>
        category.provider === 'straico' && category.kind === 'chat'
          ? { ...category, canUseTools: false }
          : category,
      ),
    };
  };

  it('sends the Plan my day prompt in the interface language, with the browser time zone', async () => {
    const thread = buildThread();
    const server = serveStudio({ threads: [thread], models: withoutTools() });
    const { user } = renderStudio();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Provider' })).toBeEnabled());
    await within(conversation()).findByText('Say hello to Lumara');

    const plan = await screen.findByRole('button', { name: 'Plan my day' });
    await waitFor(() => expect(plan).toBeEnabled());
    await user.click(plan);
    await within(conversation()).findByText(PLAN_MY_DAY_PROMPT.en);
    expect(server.bodiesTo('/api/chat/stream')).toEqual([
      {
        threadId: thread.id,
        content: PLAN_MY_DAY_PROMPT.en,
        provider: 'openrouter',
        model: 'openrouter/auto',
        lumaraSystem: true,
        styleMode: 'default',
        time_zone: browserTimeZone(),
      },
    ]);
    await waitFor(() => expect(input()).toBeEnabled());

    await act(() => activateLanguage('es'));
    try {
      await user.click(await screen.findByRole('button', { name: 'Planear mi día' }));
      await waitFor(() => expect(server.bodiesTo('/api/chat/stream')).toHaveLength(2));
      expect(server.bodiesTo('/api/chat/stream')[1]).toMatchObject({ content: PLAN_MY_DAY_PROMPT.es });
    } finally {
      await act(() => activateLanguage('en'));
    }
  });

  it('is not offered for a model that cannot use tools', async () => {
    serveStudio({ threads: [buildThread()], models: withoutTools() });
    const { user } = renderStudio();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Provider' })).toBeEnabled());
    expect(await screen.findByRole('button', { name: 'Plan my day' })).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Provider' }), 'straico');
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Plan my day' })).not.toBeInTheDocument(),
    );
  });
});
