import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildProfile } from '#tests/factories/build-profile.ts';
import { buildUser } from '#tests/factories/build-user.ts';
import { takeConsoleErrors } from '#tests/setup/console-capture.ts';
import {
  deferred,
  errorResponse,
  jsonResponse,
  type StubbedRequest,
  stubFetch,
} from '#tests/web-kit/fetch-stub.ts';
import { answerEmptyMemberData } from '#tests/web-kit/member-data-stub.ts';
import { renderApp } from '#tests/web-kit/render-app.tsx';

beforeAll(async () => {
  await Promise.all([import('#web/app/shell/app-shell.tsx'), import('./settings-page.tsx')]);
}, 30_000);

function stubSettings(
  route: (request: StubbedRequest) => Response | Promise<Response> | undefined = () => undefined,
) {
  return stubFetch(
    (request) =>
      route(request) ??
      (request.path === '/api/users/me' ? jsonResponse(buildUser()) : answerEmptyMemberData(request)),
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

describe('SettingsPage (part 1 §2)', () => {
  it('has the six tabs as a tab list the arrow keys move through, Profile Info first', async () => {
    stubSettings();
    const app = renderApp('/settings');
    const tablist = await screen.findByRole('tablist', { name: 'Settings' });
    const tabs = within(tablist).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(tabNames);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Profile Info' })).toBeVisible();

    await app.user.click(tabs[0] as HTMLElement);
    await app.user.keyboard('{ArrowRight}');
    expect(within(tablist).getByRole('tab', { name: 'Avatar Magic' })).toHaveFocus();
    expect(within(tablist).getByRole('tab', { name: 'Avatar Magic' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await app.user.keyboard('{End}');
    expect(within(tablist).getByRole('tab', { name: 'AI Settings' })).toHaveAttribute(
      'aria-selected',
      'true',
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

describe('Profile Info (part 1 §5)', () => {
  it('adds tags on Enter, removes them, and saves with empty text fields left out', async () => {
    const fetchStub = stubSettings((request) =>
      request.method === 'PUT' && request.path === '/api/profile'
        ? jsonResponse(buildProfile({ display_name: 'Ada', tags: ['music'], time_zone: 'Asia/Tokyo' }))
        : undefined,
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
    expect(fetchStub.requestsTo('/api/profile', 'PUT')).toEqual([]);

    await app.user.selectOptions(screen.getByRole('combobox', { name: 'Time zone' }), 'Asia/Tokyo');
    await app.user.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(fetchStub.requestsTo('/api/profile', 'PUT')).toHaveLength(1));
    expect(JSON.parse(fetchStub.requestsTo('/api/profile', 'PUT')[0]?.body ?? '')).toEqual({
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
    stubSettings((request) =>
      request.method === 'PUT' && request.path === '/api/profile'
        ? jsonResponse(
            {
              error: {
                code: 'validation_failed',
                message: 'Some fields',
                fields: { avatar_url: 'Give an https link' },
              },
            },
            400,
          )
        : undefined,
    );
    const app = renderApp('/settings');
    await app.user.type(await screen.findByRole('textbox', { name: 'Display name' }), 'Ada');
    await app.user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Give an https link');
    expect(takeConsoleErrors()).toEqual(['error: Failed to save profile: Some fields']);
  });
});

describe('About Generator (part 1 §8, §9)', () => {
  async function openAbout(route: (request: StubbedRequest) => Response | Promise<Response> | undefined) {
    const fetchStub = stubSettings(route);
    const app = renderApp('/settings?tab=about');
    const panel = await screen.findByRole('tabpanel', { name: 'About Generator' });
    await within(panel).findByRole('textbox', { name: 'Bio' });
    return { app, panel, fetchStub };
  }

  it('writes a concise bio with POST /api/ai/chat into the bio, the buttons waiting meanwhile', async () => {
    const answer = deferred<Response>();
    const { app, panel, fetchStub } = await openAbout((request) =>
      request.path === '/api/ai/chat' ? answer.promise : undefined,
    );
    await app.user.click(within(panel).getByRole('button', { name: 'Concise (80–120 words)' }));
    expect(within(panel).getByRole('button', { name: 'Detailed (200–250 words)' })).toBeDisabled();
    expect(within(panel).getByRole('button', { name: 'Concise (80–120 words)' })).toBeDisabled();
    const body = JSON.parse(fetchStub.requestsTo('/api/ai/chat', 'POST')[0]?.body ?? '{}');
    expect(body.messages.at(-1).content).toContain('80–120 words');

    const bio = 'I turn tiny pomodoros into big albums.';
    answer.resolve(
      jsonResponse({
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
    const { app, panel } = await openAbout((request) =>
      request.path === '/api/ai/chat' ? errorResponse(502, 'provider_failed', 'Upstream said no') : undefined,
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
    const { app, panel } = await openAbout((request) =>
      request.path === '/api/ai/chat'
        ? jsonResponse({
            text: '  ',
            provider: 'openrouter',
            model: 'openrouter/auto',
            choices: [{ message: { role: 'assistant', content: '  ' } }],
          })
        : undefined,
    );
    await app.user.click(within(panel).getByRole('button', { name: 'Concise (80–120 words)' }));
    await waitFor(() =>
      expect(within(panel).getByRole('textbox', { name: 'Bio' })).toHaveValue('Failed to generate bio.'),
    );
  });
});

describe('AI Settings', () => {
  it('saves the provider and model with POST /api/profile/set-ai; a new provider starts at its first model', async () => {
    const fetchStub = stubSettings((request) =>
      request.path === '/api/profile/set-ai' ? jsonResponse(JSON.parse(request.body ?? '{}')) : undefined,
    );
    const app = renderApp('/settings?tab=ai');
    const provider = await screen.findByRole('combobox', { name: 'Provider' });
    expect(provider).toHaveValue('openrouter');
    await app.user.selectOptions(provider, 'straico');
    const model = screen.getByRole('combobox', { name: 'Model' }) as HTMLSelectElement;
    expect(model.value).not.toBe('openrouter/auto');
    await app.user.click(screen.getByRole('button', { name: 'Save AI settings' }));
    await waitFor(() =>
      expect(
        fetchStub.requestsTo('/api/profile/set-ai', 'POST').map((r) => JSON.parse(r.body ?? '')),
      ).toEqual([{ aiProvider: 'straico', aiModel: model.value }]),
    );
    expect(await screen.findByText('Saved')).toBeInTheDocument();
  });
});
