import { act, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { systemPromptFor } from '#shared/chat-persona.ts';
import { takeConsoleErrors } from '#tests/setup/console-capture.ts';
import { errorResponse } from '#tests/web-kit/http-answers.ts';
import { renderStudio } from '#tests/web-kit/studio/render-studio.tsx';
import { buildModels, buildThread, serveStudio } from '#tests/web-kit/studio/studio-handlers.ts';
import { STUDIO_STORAGE_KEYS } from '../hooks/use-studio-preferences.ts';

const NO_SYSTEM_PROMPT_TEXT = 'No system prompt: the model answers as itself.';
const EMPTY_MEMORY_TEXT = 'Memory starts once this thread grows.';

const providerSelect = () => screen.getByRole('combobox', { name: 'Provider' });
const modelSelect = () => screen.getByRole('combobox', { name: 'Model' });

async function loaded() {
  await waitFor(() => expect(providerSelect()).toBeEnabled());
}

describe('StudioPage: model bar', () => {
  it('opens on the saved choice, marks unconfigured providers, and groups models by category', async () => {
    serveStudio({
      threads: [buildThread()],
      models: buildModels({
        configured: ['openrouter'],
        defaults: { provider: 'straico', model: 'anthropic/claude-3.5-sonnet' },
      }),
    });
    renderStudio();
    expect(screen.getByRole('heading', { level: 1, name: 'AI Studio' })).toBeInTheDocument();
    await loaded();

    expect(providerSelect()).toHaveValue('straico');
    expect(modelSelect()).toHaveValue('anthropic/claude-3.5-sonnet');
    expect(
      within(providerSelect())
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['OpenRouter', 'Straico (not configured)', 'fal.ai (not configured)']);
    const groups = modelSelect().querySelectorAll('optgroup');
    expect(Array.from(groups, (g) => g.label)).toEqual([
      'Straico · Chat',
      'Straico · Image',
      'Straico · Video',
      'Straico · Audio',
    ]);
    expect(groups[1]?.querySelectorAll('option')).toHaveLength(8);
  });

  it('lists a local model server when the catalogue has one', async () => {
    const models = buildModels({ configured: ['openrouter', 'local'] });
    models.data.push({
      id: 'local-chat',
      label: 'Local · Chat',
      provider: 'local',
      kind: 'chat',
      models: [{ id: 'llama3.2', label: 'llama3.2' }],
    });
    serveStudio({ threads: [buildThread()], models });
    const { user } = renderStudio();
    await loaded();
    await user.selectOptions(providerSelect(), 'local');
    expect(modelSelect()).toHaveValue('llama3.2');
    expect(screen.getByRole('option', { name: 'Local model' })).toBeInTheDocument();
  });

  it("resets the model to the new provider's first model when the provider changes", async () => {
    serveStudio({ threads: [buildThread()] });
    const { user } = renderStudio();
    await loaded();
    await user.selectOptions(modelSelect(), 'google/gemini-2.5-flash');
    expect(modelSelect()).toHaveValue('google/gemini-2.5-flash');

    await user.selectOptions(providerSelect(), 'straico');
    expect(modelSelect()).toHaveValue('openai/gpt-4o-mini');
    await user.selectOptions(providerSelect(), 'fal');
    expect(modelSelect()).toHaveValue('fal-ai/flux/schnell');
    await user.selectOptions(providerSelect(), 'openrouter');
    expect(modelSelect()).toHaveValue('openrouter/auto');
  });

  it('keeps a saved model the catalogue no longer lists selectable', async () => {
    serveStudio({
      threads: [buildThread()],
      models: buildModels({ defaults: { provider: 'openrouter', model: 'vendor1/model-9' } }),
    });
    renderStudio();
    await loaded();
    expect(modelSelect()).toHaveValue('vendor1/model-9');
  });

  it('saves the choice as default and confirms it briefly', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const server = serveStudio({ threads: [buildThread()] });
      const { user } = renderStudio();
      await loaded();
      await user.selectOptions(providerSelect(), 'straico');
      await user.click(screen.getByRole('button', { name: 'Set as default' }));
      expect(await screen.findByText('Saved as your default')).toBeInTheDocument();
      expect(server.bodiesTo('/api/profile/set-ai')).toEqual([
        { aiProvider: 'straico', aiModel: 'openai/gpt-4o-mini' },
      ]);
      act(() => vi.advanceTimersByTime(3000));
      expect(screen.queryByText('Saved as your default')).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('says when the default could not be saved', async () => {
    serveStudio({
      threads: [buildThread()],
      overrides: [http.post('/api/profile/set-ai', () => errorResponse(400, 'validation_failed'))],
    });
    const { user } = renderStudio();
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Set as default' }));
    expect(await screen.findByText('Could not save your default. Please try again.')).toBeInTheDocument();
    expect(takeConsoleErrors()).toEqual([expect.stringContaining('Failed to save the default model')]);
  });

  it('disables Send for fal, which cannot chat, and says why', async () => {
    serveStudio({ threads: [buildThread()] });
    const { user } = renderStudio();
    await loaded();
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Hello');
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
    await user.selectOptions(providerSelect(), 'fal');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(
      screen.getByText('fal.ai makes images, video and audio: pick OpenRouter or Straico to chat'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Optimize' })).toBeDisabled();
  });

  it('still chats with the product defaults when the catalogue cannot be loaded', async () => {
    serveStudio({
      threads: [buildThread()],
      overrides: [http.get('/api/ai/models', () => errorResponse(403, 'forbidden'))],
    });
    renderStudio();
    expect(await screen.findByText(/Could not load your AI models/)).toBeInTheDocument();
    expect(providerSelect()).toHaveValue('openrouter');
    expect(modelSelect()).toHaveValue('openrouter/auto');
    expect(takeConsoleErrors()).toEqual([expect.stringContaining('Failed to load AI models')]);
  });
});

describe('StudioPage: tabs', () => {
  it('opens the gallery from ?tab=gallery', async () => {
    serveStudio({ threads: [buildThread()] });
    renderStudio('/studio?tab=gallery');
    const gallery = screen.getByRole('tab', { name: 'Gallery' });
    expect(gallery).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel', { name: 'Gallery' });
    expect(await within(panel).findByText('No media found')).toBeInTheDocument();
    expect(within(panel).getByText('Generate some amazing content in the Studio!')).toBeInTheDocument();
    await loaded();
  });

  it('keeps the URL in step with the tab, and moves between tabs with the arrow keys', async () => {
    serveStudio({ threads: [buildThread()] });
    const { user, search } = renderStudio();
    await loaded();
    const chat = screen.getByRole('tab', { name: 'AI Chat' });
    expect(chat).toHaveAttribute('aria-selected', 'true');
    expect(chat).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('tab', { name: 'Gallery' })).toHaveAttribute('tabindex', '-1');

    await user.click(screen.getByRole('tab', { name: 'Straico Media' }));
    expect(search()).toBe('?tab=straico');
    expect(
      within(screen.getByRole('tabpanel', { name: 'Straico Media' })).getByRole('heading', {
        name: 'Straico image',
      }),
    ).toBeInTheDocument();

    // Radix moves focus (and so the selection) a task after the key, outside the key's act(): each move is
    // waited for until the page shows it, as a person's next key would be.
    const selected = (name: string) =>
      waitFor(() => expect(screen.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true'));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Gallery' })).toHaveFocus();
    await selected('Gallery');
    expect(search()).toBe('?tab=gallery');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'AI Chat' })).toHaveFocus();
    await selected('AI Chat');
    expect(search()).toBe('');
    await user.keyboard('{End}');
    await selected('Gallery');
    expect(search()).toBe('?tab=gallery');
    await user.keyboard('{Home}');
    await selected('AI Chat');
    await user.keyboard('{ArrowLeft}');
    await selected('Gallery');
    expect(search()).toBe('?tab=gallery');
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Straico Media' })).toHaveFocus();
    await selected('Straico Media');
    expect(screen.getByRole('tabpanel', { name: 'Straico Media' })).toBeVisible();
  });

  it('opens the gallery tab from View Full Gallery', async () => {
    serveStudio({ threads: [buildThread()] });
    const { user, search } = renderStudio();
    await loaded();
    const link = screen.getByRole('link', { name: 'View Full Gallery' });
    expect(link).toHaveAttribute('href', '/studio?tab=gallery');
    await user.click(link);
    expect(search()).toBe('?tab=gallery');
    expect(screen.getByRole('tab', { name: 'Gallery' })).toHaveFocus();
  });
});

describe('StudioPage: Lumara System and side panels', () => {
  it('shows the active system prompt, and keeps the toggle and mode in this browser', async () => {
    serveStudio({ threads: [buildThread()] });
    const { user, unmount } = renderStudio();
    await loaded();
    const toggle = screen.getByRole('switch', { name: 'Lumara System' });
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByText('Active system prompt').nextSibling).toHaveTextContent(
      systemPromptFor('default').replace(/\s+/g, ' '),
    );

    await user.selectOptions(screen.getByRole('combobox', { name: 'Style mode' }), 'sparkle');
    expect(screen.getByText('Active system prompt').nextSibling).toHaveTextContent(/playful sparkle/);
    const setup = screen.getByRole('region', { name: 'Current AI Setup' });
    expect(within(setup).getByText('On · Sparkle')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Parrot assistant mode' })).toHaveTextContent(
      /Playful and upbeat/,
    );

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByText(NO_SYSTEM_PROMPT_TEXT)).toBeInTheDocument();
    expect(within(setup).getByText('Off')).toBeInTheDocument();
    expect(window.localStorage.getItem(STUDIO_STORAGE_KEYS.lumaraSystem)).toBe('false');
    expect(window.localStorage.getItem(STUDIO_STORAGE_KEYS.styleMode)).toBe('sparkle');

    unmount();
    renderStudio();
    await loaded();
    expect(screen.getByRole('switch', { name: 'Lumara System' })).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByRole('combobox', { name: 'Style mode' })).toHaveValue('sparkle');
  });

  it('shows the setup, the memory, tips and activity counts', async () => {
    const older = buildThread();
    const thread = buildThread({ title: 'Plans' });
    serveStudio({ threads: [older, thread], memory: { [thread.id]: 'We planned a trip.' } });
    renderStudio();
    await loaded();
    const setup = screen.getByRole('region', { name: 'Current AI Setup' });
    expect(within(setup).getByText('OpenRouter')).toBeInTheDocument();
    expect(within(setup).getByText('Auto (best model for each prompt)')).toBeInTheDocument();
    expect(await screen.findByText('We planned a trip.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Pro Tips' }).querySelectorAll('li')).toHaveLength(4);
    const activity = screen.getByRole('region', { name: 'Recent Activity' });
    await waitFor(() => expect(within(activity).getByText('Chats').nextSibling).toHaveTextContent('2'));
    expect(within(activity).getByText('Messages in this chat').nextSibling).toHaveTextContent('0');
    expect(within(activity).getByText('Quick actions').nextSibling).toHaveTextContent('0');
  });

  it('says when memory has not started', async () => {
    serveStudio({ threads: [buildThread()] });
    renderStudio();
    expect(await screen.findByText(EMPTY_MEMORY_TEXT)).toBeInTheDocument();
  });

  it('hides and shows the thread sidebar, and remembers it', async () => {
    serveStudio({ threads: [buildThread({ title: 'Plans' })] });
    const { user, unmount } = renderStudio();
    await loaded();
    expect(screen.getByRole('navigation', { name: 'Chat threads' })).toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: 'Hide chats' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(toggle);
    expect(screen.queryByRole('navigation', { name: 'Chat threads' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show chats' })).toHaveAttribute('aria-expanded', 'false');
    unmount();
    renderStudio();
    await loaded();
    expect(screen.queryByRole('navigation', { name: 'Chat threads' })).not.toBeInTheDocument();
  });
});
