import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { serveCommunity } from '#tests/web-kit/community/community-handlers.ts';
import { FakeEventSource } from '#tests/web-kit/community/fake-event-source.ts';
import { renderCommunity } from '#tests/web-kit/community/render-community.tsx';
import { deferred, errorResponse } from '#tests/web-kit/http-answers.ts';
import { COMMUNITY_AI_STORAGE_KEY } from '../hooks/use-community-ai-choice.ts';

beforeEach(() => {
  FakeEventSource.reset();
  vi.stubGlobal('EventSource', FakeEventSource);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function openForm() {
  const app = renderCommunity();
  await screen.findByText('No posts yet');
  const opener = screen.getAllByRole('button', { name: 'Create Post' })[0] as HTMLElement;
  await app.user.click(opener);
  const dialog = screen.getByRole('dialog', { name: 'Create Post' });
  const field = (name: string) => within(dialog).getByRole('textbox', { name });
  const button = (name: string) => within(dialog).getByRole('button', { name });
  return { ...app, opener, dialog, field, button };
}

describe('the create-post modal', () => {
  it('is a modal dialog: focus starts on the title, stays inside, Escape closes and gives focus back', async () => {
    serveCommunity();
    const { user, opener, dialog, field } = await openForm();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(field('Title')).toHaveFocus();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();

    await user.click(opener);
    const again = screen.getByRole('dialog', { name: 'Create Post' });
    // Shift+Tab from the first control wraps to the last enabled one, Tab from there back to the first.
    within(again).getByRole('button', { name: 'Close' }).focus();
    await user.tab({ shift: true });
    expect(within(again).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.tab();
    expect(within(again).getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it("keeps Create Post disabled for an empty or blank title, says 'Creating...' while it submits, then closes", async () => {
    const create = deferred<void>();
    const server = serveCommunity({
      overrides: [
        http.post('/api/community/posts', async () => {
          await create.promise;
        }),
      ],
    });
    const { user, dialog, field, button } = await openForm();
    const submit = button('Create Post');
    expect(submit).toBeDisabled();
    await user.type(field('Title'), '    ');
    expect(submit).toBeDisabled();
    await user.type(field('Title'), 'Hello <b>world</b>');
    expect(submit).toBeEnabled();
    await user.type(field('Body'), 'A first post');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Language' }), 'es');
    expect(
      within(within(dialog).getByRole('combobox', { name: 'Language' }))
        .getAllByRole('option')
        .map((o) => [o.getAttribute('value'), o.textContent]),
    ).toEqual([
      ['auto', 'Auto'],
      ['en', 'English'],
      ['es', 'Español'],
    ]);

    await user.click(submit);
    expect(within(dialog).getByRole('button', { name: 'Creating...' })).toBeDisabled();
    create.resolve();

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('article', { name: 'Hello <b>world</b>' })).toBeInTheDocument();
    expect(server.bodiesTo('/api/community/posts')).toEqual([
      { title: 'Hello <b>world</b>', body: 'A first post', lang: 'es' },
    ]);
  });

  it("stays open with the server's message when the post is refused", async () => {
    serveCommunity({
      overrides: [
        http.post('/api/community/posts', () =>
          errorResponse(429, 'rate_limited', 'Slow down: at most 5 posts a minute'),
        ),
      ],
    });
    const { user, dialog, field, button } = await openForm();
    await user.type(field('Title'), 'Again');
    await user.click(button('Create Post'));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Slow down: at most 5 posts a minute');
    expect(button('Create Post')).toBeEnabled();
  });
});

describe('the AI writing helpers', () => {
  it('enables Generate only with a topic, and fills the body with what it writes', async () => {
    window.localStorage.setItem(
      COMMUNITY_AI_STORAGE_KEY,
      JSON.stringify({ provider: 'openrouter', model: 'openai/gpt-4o-mini' }),
    );
    const server = serveCommunity();
    const { user, dialog, field, button } = await openForm();
    expect(button('Generate')).toBeDisabled();
    await user.type(field('Topic'), '   ');
    expect(button('Generate')).toBeDisabled();
    await user.type(field('Topic'), 'morning pages');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Vibe' }), 'cozy');
    await user.click(button('Generate'));

    await waitFor(() => expect(field('Body')).toHaveValue('Lumara heard: "   morning pages"'));
    expect(server.bodiesTo('/api/community/ai/generate')).toEqual([
      {
        mode: 'post',
        topic: '   morning pages',
        vibe: 'cozy',
        lang: 'auto',
        provider: 'openrouter',
        model: 'openai/gpt-4o-mini',
      },
    ]);
  });

  it('enables Improve Text and the translations only with a body, and disables every helper while one runs', async () => {
    const answer = deferred<Response>();
    const server = serveCommunity({
      overrides: [http.post('/api/community/ai/generate', () => answer.promise)],
    });
    const { user, dialog, field, button } = await openForm();
    const helpers = ['Improve Text', 'Translate to Spanish', 'Translate to English'];
    for (const name of helpers) expect(button(name)).toBeDisabled();
    await user.type(field('Body'), ' ');
    for (const name of helpers) expect(button(name)).toBeDisabled();
    await user.type(field('Body'), 'hola amigos');
    await user.type(field('Topic'), 'friends');
    for (const name of [...helpers, 'Generate']) expect(button(name)).toBeEnabled();

    await user.click(button('Translate to English'));
    for (const name of [...helpers, 'Generate']) expect(button(name)).toBeDisabled();
    expect(within(dialog).getByText('The AI helper is writing…')).toBeInTheDocument();
    answer.resolve(HttpResponse.json({ text: 'hello friends', lang: 'en' }));

    await waitFor(() => expect(field('Body')).toHaveValue('hello friends'));
    expect(within(dialog).getByRole('combobox', { name: 'Language' })).toHaveValue('en');
    for (const name of [...helpers, 'Generate']) expect(button(name)).toBeEnabled();
    expect(server.bodiesTo('/api/community/ai/generate')).toEqual([
      {
        mode: 'translate',
        body: ' hola amigos',
        target: 'en',
        provider: 'openrouter',
        model: 'openrouter/auto',
      },
    ]);
  });

  it('improves the text, and sends the helpers used with the post so it shows as AI Enhanced', async () => {
    const server = serveCommunity();
    const { user, field, button } = await openForm();
    await user.type(field('Title'), 'Polished');
    await user.type(field('Body'), 'rough draft');
    await user.click(button('Improve Text'));
    await waitFor(() => expect(field('Body')).toHaveValue('Improved: rough draft'));
    await user.click(button('Translate to Spanish'));
    await waitFor(() => expect(field('Body')).toHaveValue('[es] Improved: rough draft'));
    await user.click(button('Create Post'));

    const article = await screen.findByRole('article', { name: 'Polished' });
    expect(within(article).getByText('AI Enhanced')).toBeInTheDocument();
    expect(server.bodiesTo('/api/community/posts')).toEqual([
      {
        title: 'Polished',
        body: '[es] Improved: rough draft',
        lang: 'es',
        aiHelpers: ['improve', 'translate'],
      },
    ]);
    expect(server.bodiesTo('/api/community/ai/generate')[0]).toMatchObject({ mode: 'improve', goals: '' });
  });

  it("shows the provider's failure inline and keeps the body", async () => {
    serveCommunity({
      overrides: [
        http.post('/api/community/ai/generate', () =>
          errorResponse(502, 'provider_failed', 'OpenRouter failed: model overloaded'),
        ),
      ],
    });
    const { user, dialog, field, button } = await openForm();
    await user.type(field('Body'), 'keep me');
    await user.click(button('Improve Text'));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('OpenRouter failed: model overloaded');
    expect(field('Body')).toHaveValue('keep me');
    expect(button('Improve Text')).toBeEnabled();
  });
});
