import { screen, waitFor, within } from '@testing-library/react';
import { type HttpHandler, HttpResponse, http } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { setAiRequestSchema } from '#shared/ai.ts';
import { buildProfile } from '#tests/factories/build-profile.ts';
import { buildUser } from '#tests/factories/build-user.ts';
import { takeConsoleErrors } from '#tests/setup/console-capture.ts';
import { userAnswer } from '#tests/web-kit/auth/auth-handlers.ts';
import { contractAnswer, deferred, errorResponse } from '#tests/web-kit/http-answers.ts';
import { emptyMemberDataHandlers } from '#tests/web-kit/member-data-handlers.ts';
import { requestsTo, server } from '#tests/web-kit/msw-server.ts';
import { renderApp } from '#tests/web-kit/render-app.tsx';

beforeAll(async () => {
  await Promise.all([import('#web/app/shell/app-shell.tsx'), import('./settings-page.tsx')]);
}, 30_000);

function stubSettings(...handlers: HttpHandler[]) {
  server.use(
    ...handlers,
    http.get('/api/users/me', () => userAnswer(buildUser())),
    ...emptyMemberDataHandlers(),
  );
}

/** The tags shown, by their own text (each also holds its remove button). */
function tagNames(list: HTMLElement): (string | null | undefined)[] {
  return within(list)
    .getAllByRole('listitem')
    .map((tag) => tag.firstChild?.textContent);
}

const tabNames = [
  'Profile Info',
  'Avatar Magic',
  'About Generator',
  'Cosmic Wallpapers',
  'Color Themes',
  'AI Settings',
];

describe('SettingsPage', () => {
  it('has the six tabs as a tab list the arrow keys move through, Profile Info first', async () => {
    stubSettings();
    const app = renderApp('/settings');
    const tablist = await screen.findByRole('tablist', { name: 'Settings' });
    const tabs = within(tablist).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(tabNames);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Profile Info' })).toBeVisible();

    await app.user.click(tabs[0] as HTMLElement);
    // Radix moves focus (and so the selection) a task after the key, outside the key's act(): wait for it.
    await app.user.keyboard('{ArrowRight}');
    expect(within(tablist).getByRole('tab', { name: 'Avatar Magic' })).toHaveFocus();
    await waitFor(() =>
      expect(within(tablist).getByRole('tab', { name: 'Avatar Magic' })).toHaveAttribute(
        'aria-selected',
        'true',
      ),
    );
    await app.user.keyboard('{End}');
    await waitFor(() =>
      expect(within(tablist).getByRole('tab', { name: 'AI Settings' })).toHaveAttribute(
        'aria-selected',
        'true',
      ),
    );
    expect(app.router.state.location.search).toBe('?tab=ai');
    await app.user.keyboard('{ArrowRight}');
    expect(within(tablist).getByRole('tab', { name: 'Profile Info' })).toHaveFocus();
  });

  it('opens the tab the address names', async () => {
    stubSettings();
    renderApp('/settings?tab=themes');
    expect(await screen.findByRole('tab', { name: 'Color Themes' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('heading', { name: 'Theme Studio' })).toBeInTheDocument();
  });

  it('shows the Account Information card and the AI services that are not configured', async () => {
    stubSettings();
    renderApp('/settings');
    const account = await screen.findByRole('region', { name: 'Account Information' });
    expect(await within(account).findByText('ada@example.com')).toBeInTheDocument();
    expect(within(account).getByText('Member since').nextSibling).toHaveTextContent('Jan 5, 2026');
    expect(within(account).getByText('Last visit')).toBeInTheDocument();
    const status = screen.getByRole('region', { name: 'AI Services' });
    expect(await within(status).findByText('Chat, bios and research summaries')).toBeInTheDocument();
    expect(within(status).getByText('Avatar and wallpaper generation')).toBeInTheDocument();
  });
});

describe('Profile Info', () => {
  it('adds tags on Enter, removes them, and saves with empty text fields left out', async () => {
    stubSettings(
      http.put('/api/profile', () =>
        HttpResponse.json(buildProfile({ display_name: 'Ada', tags: ['music'], time_zone: 'Asia/Tokyo' })),
      ),
    );
    const app = renderApp('/settings');
    const name = await screen.findByRole('textbox', { name: 'Display name' });
    await app.user.type(name, '  Ada ');
    expect(screen.getByRole('textbox', { name: 'Avatar URL' })).toHaveAttribute('type', 'url');

    const tags = screen.getByRole('textbox', { name: 'Tags' });
    await app.user.type(tags, ' music {Enter}');
    await app.user.type(tags, 'music{Enter}   {Enter}wellness{Enter}');
    const list = screen.getByRole('list', { name: 'Your tags' });
    expect(tagNames(list)).toEqual(['music', 'wellness']);
    await app.user.click(screen.getByRole('button', { name: 'Remove tag wellness' }));
    expect(tagNames(list)).toEqual(['music']);
    // Enter in the tags field never submitted the form.
    expect(requestsTo('/api/profile', 'PUT')).toEqual([]);

    await app.user.selectOptions(screen.getByRole('combobox', { name: 'Time zone' }), 'Asia/Tokyo');
    await app.user.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(requestsTo('/api/profile', 'PUT')).toHaveLength(1));
    expect(JSON.parse(requestsTo('/api/profile', 'PUT')[0]?.body ?? '')).toEqual({
      tags: ['music'],
      display_name: 'Ada',
      time_zone: 'Asia/Tokyo',
    });
    expect(await screen.findByText('Profile saved')).toBeInTheDocument();
  });

  it('starts the time zone at the browser’s when the member saved none', async () => {
    stubSettings();
    renderApp('/settings');
    const zone = await screen.findByRole('combobox', { name: 'Time zone' });
    expect(zone).toHaveValue(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it('shows what the server refused', async () => {
    stubSettings(
      http.put('/api/profile', () =>
        HttpResponse.json(
          {
            error: {
              code: 'validation_failed',
              message: 'Some fields',
              fields: { avatar_url: 'Give an https link' },
            },
          },
          { status: 400 },
        ),
      ),
    );
    const app = renderApp('/settings');
    await app.user.type(await screen.findByRole('textbox', { name: 'Display name' }), 'Ada');
    await app.user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Give an https link');
    expect(takeConsoleErrors()).toEqual(['error: Failed to save profile: Some fields']);
  });
});

describe('About Generator', () => {
  async function openAbout(chat: HttpHandler) {
    stubSettings(chat);
    const app = renderApp('/settings?tab=about');
    const panel = await screen.findByRole('tabpanel', { name: 'About Generator' });
    await within(panel).findByRole('textbox', { name: 'Bio' });
    return { app, panel };
  }

  it('writes a concise bio with POST /api/ai/chat into the bio, the buttons waiting meanwhile', async () => {
    const answer = deferred<Response>();
    const { app, panel } = await openAbout(http.post('/api/ai/chat', () => answer.promise));
    await app.user.click(within(panel).getByRole('button', { name: 'Concise (80–120 words)' }));
    expect(within(panel).getByRole('button', { name: 'Detailed (200–250 words)' })).toBeDisabled();
    expect(within(panel).getByRole('button', { name: 'Concise (80–120 words)' })).toBeDisabled();
    const body = JSON.parse(requestsTo('/api/ai/chat', 'POST')[0]?.body ?? '{}');
    expect(body.messages.at(-1).content).toContain('80–120 words');

    const bio = 'I turn tiny pomodoros into big albums.';
    answer.resolve(
      HttpResponse.json({
        text: bio,
        provider: 'openrouter',
        model: 'openrouter/auto',
        choices: [{ message: { role: 'assistant', content: bio } }],
      }),
    );
    await waitFor(() => expect(within(panel).getByRole('textbox', { name: 'Bio' })).toHaveValue(bio));
    expect(within(panel).getByRole('button', { name: 'Detailed (200–250 words)' })).toBeEnabled();
    // The same field as Profile Info's About.
    await app.user.click(screen.getByRole('tab', { name: 'Profile Info' }));
    expect(screen.getByRole('textbox', { name: 'About' })).toHaveValue(bio);
  });

  it("puts 'Failed to generate bio. Please try again.' into the bio when the call fails", async () => {
    const { app, panel } = await openAbout(
      http.post('/api/ai/chat', () => errorResponse(502, 'provider_failed', 'Upstream said no')),
    );
    await app.user.click(within(panel).getByRole('button', { name: 'Detailed (200–250 words)' }));
    await waitFor(() =>
      expect(within(panel).getByRole('textbox', { name: 'Bio' })).toHaveValue(
        'Failed to generate bio. Please try again.',
      ),
    );
    expect(takeConsoleErrors()).toEqual(['error: Failed to generate bio: Upstream said no']);
  });

  it("puts 'Failed to generate bio.' into the bio when no text came back", async () => {
    const { app, panel } = await openAbout(
      http.post('/api/ai/chat', () =>
        HttpResponse.json({
          text: '  ',
          provider: 'openrouter',
          model: 'openrouter/auto',
          choices: [{ message: { role: 'assistant', content: '  ' } }],
        }),
      ),
    );
    await app.user.click(within(panel).getByRole('button', { name: 'Concise (80–120 words)' }));
    await waitFor(() =>
      expect(within(panel).getByRole('textbox', { name: 'Bio' })).toHaveValue('Failed to generate bio.'),
    );
  });
});

describe('AI Settings', () => {
  it('saves the provider and model with POST /api/profile/set-ai; a new provider starts at its first model', async () => {
    stubSettings(
      http.post('/api/profile/set-ai', async ({ request }) =>
        contractAnswer(setAiRequestSchema, setAiRequestSchema.parse(await request.json())),
      ),
    );
    const app = renderApp('/settings?tab=ai');
    const provider = await screen.findByRole('combobox', { name: 'Provider' });
    expect(provider).toHaveValue('openrouter');
    await app.user.selectOptions(provider, 'straico');
    const model = screen.getByRole('combobox', { name: 'Model' }) as HTMLSelectElement;
    expect(model.value).not.toBe('openrouter/auto');
    await app.user.click(screen.getByRole('button', { name: 'Save AI settings' }));
    await waitFor(() =>
      expect(requestsTo('/api/profile/set-ai', 'POST').map((r) => JSON.parse(r.body ?? ''))).toEqual([
        { aiProvider: 'straico', aiModel: model.value },
      ]),
    );
    expect(await screen.findByText('Saved')).toBeInTheDocument();
  });
});
