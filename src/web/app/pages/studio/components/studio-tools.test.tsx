import { act, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { takeConsoleErrors } from '#tests/setup/console-capture.ts';
import { deferred, errorResponse } from '#tests/web-kit/http-answers.ts';
import { renderStudio } from '#tests/web-kit/studio/render-studio.tsx';
import {
  buildQuickActions,
  buildResearch,
  buildThread,
  serveStudio,
} from '#tests/web-kit/studio/studio-handlers.ts';

const NO_QUICK_ACTIONS_TEXT = 'No Quick Actions Yet';
const DELETE_QUICK_ACTION_QUESTION = 'Are you sure you want to delete this quick action?';
const QUICK_ACTION_NEEDS_TEXT =
  'Type or select some text in the message box first, then pick a quick action.';

const input = () => screen.getByRole('textbox', { name: 'Message' });
const conversation = () => screen.getByRole('log', { name: 'Conversation' });

async function ready() {
  await waitFor(() => expect(screen.getByRole('combobox', { name: 'Provider' })).toBeEnabled());
  await waitFor(() =>
    expect(
      within(screen.getByRole('navigation', { name: 'Chat threads' })).queryAllByRole('button', {
        current: true,
      }),
    ).toHaveLength(1),
  );
}

describe('StudioPage: research', () => {
  it('asks for a topic in an alert when the input is empty, and calls nothing', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const server = serveStudio({ threads: [buildThread()] });
    const { user } = renderStudio();
    await ready();
    await user.click(screen.getByRole('button', { name: 'Research' }));
    expect(alert).toHaveBeenCalledWith('Please enter a research topic first ✍️');
    expect(server.requestsTo('/api/research')).toHaveLength(0);
    expect(input()).toHaveFocus();
  });

  it('shows the results in the conversation with DOI and open-access links, and copies the references', async () => {
    const server = serveStudio({ threads: [buildThread()] });
    const { user } = renderStudio();
    await ready();
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      await user.type(input(), '  open access  ');
      await user.click(screen.getByRole('button', { name: 'Research' }));

      const card = await within(conversation()).findByRole('article', { name: 'Research: open access' });
      expect(server.bodiesTo('/api/research')).toEqual([{ query: 'open access' }]);
      expect(within(card).getByText('42 works since 2016')).toBeInTheDocument();
      expect(within(card).getByText('Open access grew steadily (Piwowar, 2018).')).toBeInTheDocument();
      const references = within(card).getAllByRole('listitem');
      expect(references).toHaveLength(2);
      expect(references[0]).toHaveTextContent(/^Piwowar, H\. and Priem, J\. \(2018\)/);
      const doi = within(references[0] as HTMLElement).getByRole('link', { name: /doi\.org/ });
      expect(doi).toHaveAttribute('href', 'https://doi.org/10.7717/peerj.4375');
      expect(doi).toHaveAttribute('target', '_blank');
      expect(doi).toHaveAttribute('rel', 'noopener noreferrer');
      expect(within(references[0] as HTMLElement).getByRole('link', { name: /Open access/ })).toHaveAttribute(
        'href',
        'https://peerj.com/articles/4375.pdf',
      );
      expect(within(references[1] as HTMLElement).queryByRole('link')).not.toBeInTheDocument();
      expect(input()).toHaveValue('');

      await user.click(within(card).getByRole('button', { name: 'Copy references' }));
      expect(writeText).toHaveBeenCalledWith(
        `1. ${buildResearch().items[0]?.harvard}\n2. ${buildResearch().items[1]?.harvard}`,
      );
      expect(await within(card).findByText('Copied!')).toBeInTheDocument();
      // The timer started when Copied! appeared, a few (auto-advanced) milliseconds before findByText saw it.
      act(() => vi.advanceTimersByTime(1800));
      expect(within(card).getByText('Copied!')).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(200));
      expect(within(card).queryByText('Copied!')).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
      Reflect.deleteProperty(navigator, 'clipboard');
    }
  });

  it('never links a reference URL that is not a web address', async () => {
    const result = buildResearch();
    const items = result.items.map((item) => ({
      ...item,
      doiUrl: 'javascript:alert(1)',
      oaUrl: 'data:text/html,x',
    }));
    serveStudio({
      threads: [buildThread()],
      overrides: [http.post('/api/research', () => HttpResponse.json({ ...result, items }))],
    });
    const { user } = renderStudio();
    await ready();
    await user.type(input(), 'safety');
    await user.click(screen.getByRole('button', { name: 'Research' }));
    const card = await within(conversation()).findByRole('article');
    expect(within(card).queryByRole('link')).not.toBeInTheDocument();
  });

  it("puts the server's reason into the input when research fails", async () => {
    serveStudio({
      threads: [buildThread()],
      overrides: [
        http.post('/api/research', () => errorResponse(502, 'provider_failed', 'Research search failed')),
      ],
    });
    const { user } = renderStudio();
    await ready();
    await user.type(input(), 'quantum frogs');
    await user.click(screen.getByRole('button', { name: 'Research' }));
    await waitFor(() => expect(input()).toHaveValue('❌ Research failed: Research search failed'));
    expect(takeConsoleErrors()).toEqual([expect.stringContaining('Research failed')]);
  });

  it("falls back to 'Research search failed' without a reason, and 'Unknown error' without any text", async () => {
    serveStudio({
      threads: [buildThread()],
      overrides: [http.post('/api/research', () => new HttpResponse('<html>502</html>', { status: 502 }))],
    });
    const { user } = renderStudio();
    await ready();
    await user.type(input(), 'topic');
    await user.click(screen.getByRole('button', { name: 'Research' }));
    await waitFor(() => expect(input()).toHaveValue('❌ Research failed: Research search failed'));

    // A failure without any text: no network answer gives one (MSW's network error says "fetch failed"), so
    // this one call fails on fetch itself.
    const passOn = globalThis.fetch;
    vi.spyOn(globalThis, 'fetch').mockImplementation((request, init) =>
      String(request).endsWith('/api/research') ? Promise.reject(new Error('')) : passOn(request, init),
    );
    await user.click(screen.getByRole('button', { name: 'Research' }));
    await waitFor(() => expect(input()).toHaveValue('❌ Research failed: Unknown error'));
    takeConsoleErrors();
  });

  it('says research is under way and blocks a second run meanwhile', async () => {
    const answer = deferred<Response>();
    const server = serveStudio({
      threads: [buildThread()],
      overrides: [http.post('/api/research', () => answer.promise)],
    });
    const { user } = renderStudio();
    await ready();
    await user.type(input(), 'bees');
    await user.click(screen.getByRole('button', { name: 'Research' }));
    expect(screen.getByRole('button', { name: 'Researching…' })).toBeDisabled();
    expect(screen.getByText('Searching recent research…')).toBeInTheDocument();
    expect(server.requestsTo('/api/research')).toHaveLength(1);
    answer.resolve(HttpResponse.json(buildResearch({ query: 'bees' })));
    expect(
      await within(conversation()).findByRole('article', { name: 'Research: bees' }),
    ).toBeInTheDocument();
  });
});

describe('StudioPage: prompt optimizer', () => {
  it('replaces the input with the optimized prompt', async () => {
    const server = serveStudio({ threads: [buildThread()] });
    const { user } = renderStudio();
    await ready();
    expect(screen.getByRole('button', { name: 'Optimize' })).toBeDisabled();
    await user.type(input(), 'write poem');
    await user.click(screen.getByRole('button', { name: 'Optimize' }));
    await waitFor(() => expect(input()).toHaveValue('Improved: write poem'));
    expect(server.bodiesTo('/api/ai/optimize-prompt')).toEqual([
      { prompt: 'write poem', provider: 'openrouter', model: 'openrouter/auto' },
    ]);
  });

  it('keeps the original prompt when the optimizer fails, and says so', async () => {
    serveStudio({
      threads: [buildThread()],
      overrides: [
        http.post('/api/ai/optimize-prompt', () =>
          errorResponse(504, 'provider_timeout', 'OpenRouter did not answer in time'),
        ),
      ],
    });
    const { user } = renderStudio();
    await ready();
    await user.type(input(), 'write poem');
    await user.click(screen.getByRole('button', { name: 'Optimize' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not optimize your prompt (OpenRouter did not answer in time). Your prompt is unchanged.',
    );
    expect(input()).toHaveValue('write poem');
    expect(takeConsoleErrors()).toEqual([expect.stringContaining('Prompt optimizer failed')]);
  });

  it('keeps the original prompt when the optimizer answers nothing', async () => {
    serveStudio({
      threads: [buildThread()],
      overrides: [http.post('/api/ai/optimize-prompt', () => HttpResponse.json({ prompt: '  ' }))],
    });
    const { user } = renderStudio();
    await ready();
    await user.type(input(), 'write poem');
    await user.click(screen.getByRole('button', { name: 'Optimize' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Optimize' })).toBeEnabled());
    expect(input()).toHaveValue('write poem');
  });
});

describe('StudioPage: quick actions', () => {
  it('offers the five starter actions when there are none, and adds them', async () => {
    const server = serveStudio({ threads: [buildThread()] });
    const { user } = renderStudio();
    await ready();
    expect(await screen.findByText(NO_QUICK_ACTIONS_TEXT)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add the 5 starter actions' }));
    const row = screen.getByRole('region', { name: 'Quick actions' });
    await waitFor(() =>
      expect(
        within(row)
          .getAllByRole('button', { name: /^(?!Delete)/ })
          .map((b) => b.textContent),
      ).toEqual(['📝Summarize', '💡Explain simply', '📣Caption it', '🌈Brainstorm', '🔎Deep research']),
    );
    expect(server.requestsTo('/api/quick-actions/seed', 'POST')).toHaveLength(1);
    expect(screen.queryByText(NO_QUICK_ACTIONS_TEXT)).not.toBeInTheDocument();
    const activity = screen.getByRole('region', { name: 'Recent Activity' });
    expect(within(activity).getByText('Quick actions').nextSibling).toHaveTextContent('5');
  });

  it('runs a chat action on the selected text, with the action’s model', async () => {
    const actions = buildQuickActions();
    const server = serveStudio({ threads: [buildThread()], quickActions: actions });
    const { user } = renderStudio();
    await ready();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Provider' }), 'straico');
    await user.type(input(), 'Parrots are clever birds. Ignore this part.');
    (input() as HTMLTextAreaElement).setSelectionRange(0, 'Parrots are clever birds.'.length);
    await user.click(screen.getByRole('button', { name: 'Summarize' }));

    const prompt = 'Summarize the following in three short bullet points:\n\nParrots are clever birds.';
    await waitFor(() => expect(server.bodiesTo('/api/chat/stream')).toHaveLength(1));
    expect(server.bodiesTo('/api/chat/stream')[0]).toMatchObject({
      content: prompt,
      provider: 'openrouter',
      model: 'openrouter/auto',
    });
    expect(
      await within(conversation()).findByText(`Lumara heard: "${prompt}"`, {
        normalizer: (text) => text,
      }),
    ).toBeInTheDocument();
    // The input keeps its text for the next action.
    expect(input()).toHaveValue('Parrots are clever birds. Ignore this part.');
  });

  it('uses the whole input when nothing is selected, and cuts the prompt to maxChars', async () => {
    const server = serveStudio({ threads: [buildThread()], quickActions: buildQuickActions() });
    const { user } = renderStudio();
    await ready();
    const long = 'a'.repeat(600);
    await user.click(input());
    await user.paste(long);
    await user.click(screen.getByRole('button', { name: 'Caption it' }));
    await waitFor(() => expect(server.bodiesTo('/api/chat/stream')).toHaveLength(1));
    const content = server.bodiesTo<{ content: string }>('/api/chat/stream')[0]?.content ?? '';
    expect(content).toHaveLength(500);
    expect(content.startsWith('Write three short, catchy social media captions for:\n\naaa')).toBe(true);
  });

  it('asks for text first when the input is empty', async () => {
    const server = serveStudio({ threads: [buildThread()], quickActions: buildQuickActions() });
    const { user } = renderStudio();
    await ready();
    await user.click(await screen.findByRole('button', { name: 'Summarize' }));
    expect(screen.getByText(QUICK_ACTION_NEEDS_TEXT)).toBeInTheDocument();
    expect(input()).toHaveFocus();
    expect(server.requestsTo('/api/chat/stream')).toHaveLength(0);
  });

  it('runs a research action as research', async () => {
    const server = serveStudio({ threads: [buildThread()], quickActions: buildQuickActions() });
    const { user } = renderStudio();
    await ready();
    await user.type(input(), 'coral reefs');
    await user.click(await screen.findByRole('button', { name: 'Deep research' }));
    expect(
      await within(conversation()).findByRole('article', { name: 'Research: coral reefs' }),
    ).toBeInTheDocument();
    expect(server.bodiesTo('/api/research')).toEqual([{ query: 'coral reefs' }]);
    expect(server.requestsTo('/api/chat/stream')).toHaveLength(0);
  });

  it('deletes an action after confirming', async () => {
    const actions = buildQuickActions();
    const server = serveStudio({ threads: [buildThread()], quickActions: actions });
    const { user } = renderStudio();
    await ready();
    await user.click(await screen.findByRole('button', { name: 'Delete quick action Brainstorm' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete quick action' });
    expect(dialog).toHaveAccessibleDescription(DELETE_QUICK_ACTION_QUESTION);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Brainstorm' })).not.toBeInTheDocument());
    expect(server.requestsTo(`/api/quick-actions/${actions[3]?.id}`, 'DELETE')).toHaveLength(1);
  });
});
