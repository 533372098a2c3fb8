import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { takeConsoleErrors } from '#tests/setup/console-capture.ts';
import { bodiesTo, requestsTo } from '#tests/web-kit/msw-server.ts';
import { renderWithMember } from '#tests/web-kit/render-with-member.tsx';
import { buildAccessToken, FAKE_TOKEN, serveTokens } from '#tests/web-kit/tokens/tokens-handlers.ts';
import { activateLanguage } from '#web/lib/i18n/i18n.ts';
import { ConnectedAppsCard } from './connected-apps-card.tsx';

function renderCard() {
  return renderWithMember(<ConnectedAppsCard />);
}

describe('ConnectedAppsCard', () => {
  it('lists the tokens with their scopes and dates, and the recent calls', async () => {
    serveTokens({
      tokens: [
        buildAccessToken({
          id: 2,
          name: 'Cursor',
          scopes: ['tasks:read'],
          last_used_at: '2026-11-21T10:00:00Z',
        }),
        buildAccessToken({ id: 1, name: 'Old script', expires_at: '2026-01-01T00:00:00Z' }),
      ],
      calls: [
        {
          id: 7,
          token_id: 1,
          tool: 'add_task',
          ok: true,
          result: "Added 'Buy milk'",
          created_at: '2026-11-21T10:00:00Z',
        },
        {
          id: 6,
          token_id: 1,
          tool: 'list_tasks',
          ok: false,
          result: 'Rate limited',
          created_at: '2026-11-21T09:00:00Z',
        },
      ],
    });
    renderCard();
    const list = await screen.findByRole('list', { name: 'Your personal access tokens' });
    const [cursor, old] = within(list).getAllByRole('listitem');
    expect(cursor).toHaveTextContent('Cursor');
    expect(cursor).toHaveTextContent('Read your tasks');
    expect(cursor).toHaveTextContent('Last used Nov 21, 2026');
    expect(cursor).toHaveTextContent('Never expires');
    expect(old).toHaveTextContent('Read your tasks and Connect an AI agent (MCP)');
    expect(old).toHaveTextContent('Never used');
    expect(old).toHaveTextContent('Expired Jan 1, 2026');

    const calls = await screen.findByRole('list', { name: 'Recent calls made with your tokens' });
    const [added, failed] = within(calls).getAllByRole('listitem');
    expect(added).toHaveTextContent('add_taskDone');
    expect(added).toHaveTextContent("Added 'Buy milk'");
    expect(failed).toHaveTextContent('list_tasksFailed');
    expect(failed).toHaveTextContent('Rate limited');
  });

  it('says when there are no tokens or calls, and when they could not be loaded', async () => {
    serveTokens({ fail: { calls: true } });
    renderCard();
    expect(await screen.findByText('No tokens yet.')).toBeInTheDocument();
    expect(
      await screen.findByText('Could not load your recent calls. Check your connection and try again.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(takeConsoleErrors()).toEqual(['error: Failed to load recent calls: Something went wrong']);
  });

  it('creates a token, shows it once with Copy, then lists it', async () => {
    const api = serveTokens();
    const { user } = renderCard();
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Claude Desktop');
    await user.click(screen.getByRole('checkbox', { name: /Read your tasks/ }));
    await user.click(screen.getByRole('checkbox', { name: /Connect an AI agent/ }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Expires' }), 'In 30 days');
    await user.click(screen.getByRole('button', { name: 'Create token' }));

    expect(
      await screen.findByRole('heading', { name: 'Your new token “Claude Desktop”' }),
    ).toBeInTheDocument();
    expect(bodiesTo('/api/tokens')).toEqual([
      { name: 'Claude Desktop', scopes: ['tasks:read', 'mcp'], expires_in_days: 30 },
    ]);
    expect(screen.getByRole('note')).toHaveTextContent('you won’t see it again');
    expect(screen.getByRole('textbox', { name: 'The new token' })).toHaveValue(FAKE_TOKEN);
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(FAKE_TOKEN);
    expect(await screen.findByText('Token copied')).toBeInTheDocument();

    const list = await screen.findByRole('list', { name: 'Your personal access tokens' });
    expect(await within(list).findByText('Claude Desktop')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByText(FAKE_TOKEN)).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('');
    expect(api.state.tokens).toHaveLength(1);
  });

  it('makes a token that never expires when asked', async () => {
    serveTokens();
    const { user } = renderCard();
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Script');
    await user.click(screen.getByRole('checkbox', { name: /Read your calendar/ }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Expires' }), 'Never');
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    await screen.findByRole('textbox', { name: 'The new token' });
    expect(bodiesTo('/api/tokens')).toEqual([{ name: 'Script', scopes: ['calendar:read'] }]);
  });

  it('asks for a name and a scope before sending anything', async () => {
    serveTokens();
    const { user } = renderCard();
    await user.click(await screen.findByRole('button', { name: 'Create token' }));
    expect(await screen.findByText('Name the token (at most 80 characters).')).toBeInTheDocument();
    expect(screen.getByText('Choose at least one scope.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');
    expect(requestsTo('/api/tokens', 'POST')).toEqual([]);
  });

  it('says so when the member already holds as many tokens as allowed', async () => {
    serveTokens({ tokens: Array.from({ length: 20 }, (_, i) => buildAccessToken({ id: i + 1 })) });
    const { user } = renderCard();
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'One more');
    await user.click(screen.getByRole('checkbox', { name: /Read your tasks/ }));
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You have as many tokens as you may hold.');
  });

  it('revokes a token after asking', async () => {
    const api = serveTokens({ tokens: [buildAccessToken({ id: 5, name: 'Cursor' })] });
    const { user } = renderCard();
    const list = await screen.findByRole('list', { name: 'Your personal access tokens' });
    await user.click(within(list).getByRole('button', { name: 'Revoke' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Revoke “Cursor”?' });
    expect(dialog).toHaveTextContent('stop working at once');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('“Cursor” was revoked')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('No tokens yet.')).toBeInTheDocument());
    expect(requestsTo('/api/tokens/5', 'DELETE')).toHaveLength(1);
    expect(api.state.tokens).toEqual([]);
  });

  it('speaks Spanish', async () => {
    serveTokens();
    await activateLanguage('es');
    renderCard();
    expect(await screen.findByRole('heading', { name: 'Aplicaciones conectadas' })).toBeInTheDocument();
    expect(await screen.findByText('Todavía no tienes tokens.')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /Leer tus tareas/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Crear token' })).toBeInTheDocument();
  });
});
