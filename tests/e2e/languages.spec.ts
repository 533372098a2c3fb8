import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Page } from '@playwright/test';
import { readCatalogue } from '../../scripts/message-catalogues.ts';
import { expect, test } from './fixtures.ts';

/**
 * The whole app in Spanish shows no English, and back. Every page (and each tab) is scanned: its
 * visible text, its visible elements' accessible texts (aria-label, placeholder, title, alt) and the document
 * title are searched for the English catalogue's texts that Spanish does not share. What the member wrote is in
 * Spanish, so anything English found is the interface's.
 */

/** The literal parts of a compiled message, branches of plurals included; tags split parts. */
function literalParts(compiled: unknown, into: string[] = []): string[] {
  if (typeof compiled === 'string') {
    into.push(...compiled.split(/<\/?\d+>/));
  } else if (Array.isArray(compiled)) {
    for (const part of compiled) {
      if (typeof part === 'string') literalParts(part, into);
      else if (Array.isArray(part) && part[2] && typeof part[2] === 'object') {
        for (const branch of Object.values(part[2] as Record<string, unknown>)) literalParts(branch, into);
      }
    }
  }
  return into;
}

/**
 * English texts Spanish never uses: each English message's literal parts of at least four letters ("Save",
 * "Delete", "Mute"), found in no Spanish message (names, "Pomodoro", "Kanban", are in both).
 */
async function englishOnlyTexts(): Promise<string[]> {
  const [{ catalogue: english }, { catalogue: spanish }] = await Promise.all([
    readCatalogue('en'),
    readCatalogue('es'),
  ]);
  const allSpanish = Object.values(spanish).join('\n');
  const texts = new Set<string>();
  for (const message of Object.values(english)) {
    for (const part of literalParts(compileMessage(message))) {
      const text = part
        .replace(/\s+/g, ' ')
        .trim()
        .replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
      const words = text.split(' ').filter((word) => /\p{L}/u.test(word));
      if (words.length === 0 || text.length < 4) continue;
      if (allSpanish.includes(text)) continue;
      texts.add(text);
    }
  }
  return [...texts];
}

/**
 * What a member sees or hears of the page now: visible text (of a closed menu, its chosen option only), visible
 * elements' accessible texts, and the title. A part marked with another language (`lang="en"` on "English" in the
 * language menu, the prompt the AI receives) is that language's on purpose, and left out.
 */
function shownTexts(page: Page): Promise<string> {
  return page.evaluate(() => {
    const pageLanguage = document.documentElement.lang;
    const inPageLanguage = (element: Element) =>
      (element.closest('[lang]')?.getAttribute('lang') ?? '') === pageLanguage;
    const visible = (element: Element) => {
      const option = element.closest('option');
      if (option) return option.selected;
      return element.checkVisibility({ visibilityProperty: true, opacityProperty: false });
    };
    const texts: string[] = [document.title];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (parent && !parent.closest('script, style') && visible(parent) && inPageLanguage(parent)) {
        texts.push(node.textContent ?? '');
      }
    }
    for (const element of document.querySelectorAll('[aria-label], [placeholder], [title], img[alt]')) {
      if (!visible(element) || !inPageLanguage(element)) continue;
      for (const name of ['aria-label', 'placeholder', 'title', 'alt'])
        texts.push(element.getAttribute(name) ?? '');
    }
    return texts.join('\n');
  });
}

/**
 * What other members wrote, which the community shows whatever the viewer's language (the end-to-end server is
 * shared: other tests post in English): titles, bodies and names, left out of the scan.
 */
async function othersContent(page: Page): Promise<string[]> {
  const origin = new URL(page.url()).origin;
  const posts = (await (await page.request.get(`${origin}/api/community/posts?limit=50`)).json()) as {
    posts: { title: string; body: string; author_name: string }[];
  };
  const members = (await (await page.request.get(`${origin}/api/community/members?limit=50`)).json()) as {
    members: { display_name: string }[];
  };
  return [
    ...posts.posts.flatMap((post) => [post.title, post.body, post.author_name]),
    ...members.members.map((member) => member.display_name),
  ].filter((text) => text.trim() !== '');
}

async function expectNoEnglish(page: Page, englishTexts: string[], where: string) {
  // The page has settled: no loading texts, no skeletons mid-way.
  await page.waitForLoadState('networkidle');
  let shown = await shownTexts(page);
  if (where.startsWith('/community')) {
    for (const text of await othersContent(page)) shown = shown.split(text).join('\n');
  }
  const found = englishTexts.filter((text) =>
    new RegExp(`(^|[^\\p{L}])${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}])`, 'u').test(shown),
  );
  expect(found, `English on ${where}`).toEqual([]);
}

async function chooseLanguage(page: Page, option: 'English' | 'Español') {
  await page.goto('/settings');
  const select = page.getByRole('combobox', { name: /Language|Idioma/ });
  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/api/profile') && response.request().method() === 'PUT',
  );
  await select.selectOption({ label: option });
  expect((await saved).status()).toBe(200);
}

test.describe('languages', () => {
  test('the whole app in Spanish shows no English, and back in English', async ({
    page,
    signIn,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const englishTexts = await englishOnlyTexts();
    expect(englishTexts.length).toBeGreaterThan(300);

    await signIn();
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    await chooseLanguage(page, 'Español');
    // At once, without a reload.
    await expect(page.getByRole('heading', { name: 'Ajustes', level: 1 })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');

    // Something to count: two tasks, written in Spanish.
    await page.goto('/dashboard');
    const form = page.getByRole('form', { name: 'Nueva tarea' });
    for (const title of ['Regar las plantas', 'Leer un capítulo']) {
      await form.getByRole('textbox', { name: 'Nueva tarea' }).fill(title);
      await form.getByRole('button', { name: 'Agregar tarea' }).click();
      await expect(page.getByText(title)).toBeVisible();
    }

    // And one of each thing a page lists, so its cards' own texts are read too (what the member wrote is Spanish).
    const write = async (path: string, data: unknown) => {
      const response = await page.request.post(`${baseURL}${path}`, { headers: { origin: baseURL }, data });
      expect(response.status(), `${path}: ${await response.text()}`).toBeLessThan(300);
      return (await response.json()) as { id: number };
    };
    const post = await write('/api/community/posts', {
      title: 'Mi primera publicación',
      body: 'Hola a todos',
      lang: 'es',
    });
    await write(`/api/community/posts/${post.id}/comments`, { body: '¡Bienvenida!' });
    await write('/api/music/add-embed', {
      input: 'https://suno.com/song/0f4b9c2e-1d3a-4e5f-8a6b-7c8d9e0f1a2b',
    });
    await write('/api/widgets', {
      type: 'youtube',
      title: 'Mi lista',
      url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      col_span: 6,
      row_span: 6,
      order_index: 0,
    });
    await write('/api/chat/thread', { title: 'Ideas para la semana' });

    const pages = [
      '/dashboard',
      '/focus',
      '/studio',
      '/studio?tab=fal',
      '/studio?tab=straico',
      '/studio?tab=gallery',
      '/community',
      '/music',
      '/insights',
      '/settings',
      '/settings?tab=avatar',
      '/settings?tab=about',
      '/settings?tab=wallpapers',
      '/settings?tab=themes',
      '/settings?tab=ai',
      '/no-such-page',
    ];
    for (const path of pages) {
      await page.goto(path);
      await expectNoEnglish(page, englishTexts, path);
    }

    // The shortcuts sheet and the command palette.
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Tus tareas' })).toBeVisible();
    await page.keyboard.press('?');
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoEnglish(page, englishTexts, 'the shortcuts sheet');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+k');
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoEnglish(page, englishTexts, 'the command palette');
    await page.keyboard.press('Escape');

    // The language follows the member to another device: a fresh browser with an English preference.
    const other = await page.context().browser()?.newContext({ locale: 'en-US' });
    if (!other) throw new Error('no browser');
    await other.addCookies(await page.context().cookies());
    const elsewhere = await other.newPage();
    await elsewhere.goto(new URL('/settings', page.url()).toString());
    await expect(elsewhere.getByRole('heading', { name: 'Ajustes', level: 1 })).toBeVisible();
    await other.close();

    // Signed out, a browser that prefers Spanish gets the sign-in page in Spanish.
    const visitor = await page.context().browser()?.newContext({ locale: 'es-CL' });
    if (!visitor) throw new Error('no browser');
    const login = await visitor.newPage();
    await login.goto(new URL('/login', page.url()).toString());
    await expect(login.locator('html')).toHaveAttribute('lang', 'es');
    await expectNoEnglish(login, englishTexts, '/login');
    await visitor.close();

    // And back.
    await chooseLanguage(page, 'English');
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('a date on the calendar and a count with a plural read correctly in both languages', async ({
    page,
    signIn,
  }) => {
    await signIn();
    await page.goto('/dashboard');
    const tasks = page.getByRole('region', { name: 'Your Tasks' });
    const form = tasks.getByRole('form', { name: 'New task' });
    await form.getByRole('textbox', { name: 'New task' }).fill('Uno');
    await form.getByRole('button', { name: 'Add task' }).click();
    await expect(tasks.getByText('1 task in all')).toBeVisible();
    await form.getByRole('textbox', { name: 'New task' }).fill('Dos');
    await form.getByRole('button', { name: 'Add task' }).click();
    await expect(tasks.getByText('2 tasks in all')).toBeVisible();

    // Today's heading on the week calendar, as each language writes a short date.
    const dayOptions = { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' } as const;
    const today = new Date();
    const englishDay = new Intl.DateTimeFormat('en', dayOptions).format(today);
    const spanishDay = new Intl.DateTimeFormat('es', dayOptions).format(today);
    const week = (name: RegExp) => page.getByRole('region', { name });
    await expect(week(/^Your Week/).getByRole('heading', { name: `${englishDay} · Today` })).toBeVisible();

    await chooseLanguage(page, 'Español');
    await page.goto('/dashboard');
    const tareas = page.getByRole('region', { name: 'Tus tareas' });
    await expect(tareas.getByText('2 tareas en total')).toBeVisible();
    await tareas.getByRole('button', { name: /Eliminar Dos/ }).click();
    await expect(tareas.getByText('1 tarea en total')).toBeVisible();
    await expect(
      page.getByRole('region', { name: /Calendario|Semana/i }).getByText(spanishDay),
    ).toBeAttached();
  });
});
