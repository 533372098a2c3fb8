import type { Locator, Page } from '@playwright/test';
import { expect, recordDialogs, test } from './fixtures.ts';

/**
 * The AI Studio in Chromium, against the fake providers the global setup starts: the fake
 * OpenRouter echoes `Lumara heard: "<message>"` word by word (and takes its time with `[slow]`), the fake
 * OpenAlex answers a fixed corpus. Conversations stream into the page across threads and survive a reload;
 * archiving opens the next thread; a quick action runs on the selected text; research shows real DOI links;
 * Stop keeps the part that arrived; every state passes an accessibility scan.
 */

const threads = (page: Page) => page.getByRole('navigation', { name: 'Chat threads' });
const conversation = (page: Page) => page.getByRole('log', { name: 'Conversation' });
const messageInput = (page: Page) => page.getByRole('textbox', { name: 'Message' });
const currentThread = (page: Page) => threads(page).locator('button[aria-current="true"]');
/** A thread's button: its title, then when it was last used. */
const threadButton = (page: Page, title: string) =>
  threads(page).getByRole('button', { name: new RegExp(`^${escapeRegExp(title)} `) });

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Opens the studio and waits until a thread is open and the catalogue has loaded. */
async function openStudio(page: Page, path = '/studio') {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: 'AI Studio' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Provider' })).toBeEnabled();
  await expect(currentThread(page)).toHaveCount(1);
  await expect(conversation(page).getByText('Loading messages…')).toHaveCount(0);
}

/** Sends a message with Enter and waits for the streamed echo to be stored and shown. */
async function send(page: Page, text: string): Promise<Locator> {
  await messageInput(page).fill(text);
  const streamed = page.waitForResponse(
    (response) => response.url().endsWith('/api/chat/stream') && response.request().method() === 'POST',
  );
  await messageInput(page).press('Enter');
  expect((await streamed).status()).toBe(200);
  const reply = conversation(page)
    .getByRole('listitem')
    .filter({ hasText: `Lumara heard: "${text}"` });
  await expect(reply).toBeVisible();
  await expect(messageInput(page)).toBeEnabled();
  return reply;
}

test('streams a conversation in each of two threads, and keeps both histories across a reload', async ({
  page,
  signIn,
  expectAccessible,
}) => {
  await signIn();
  await openStudio(page);
  // A member without threads gets exactly one 'New Chat'.
  await expect(currentThread(page)).toContainText('New Chat');
  await expect(threads(page).getByRole('button', { name: /^New Chat / })).toHaveCount(1);
  await expect(page.getByText('Say hello to Lumara')).toBeVisible();
  await expectAccessible();

  await send(page, 'Hello from the first thread');
  // The input was disabled while the reply streamed; focus is back for the next message.
  await expect(messageInput(page)).toBeFocused();
  // The thread is named after its first message.
  await expect(currentThread(page)).toContainText('Hello from the first thread');
  await expectAccessible();

  await page.getByRole('button', { name: 'New chat' }).click();
  await expect(currentThread(page)).toContainText('New Chat');
  await expect(page.getByText('Say hello to Lumara')).toBeVisible();
  await send(page, 'And hello from the second');
  await expect(conversation(page).getByText('Hello from the first thread')).toHaveCount(0);
  // The thread just used is at the top.
  await expect(threads(page).locator('button[aria-current]').first()).toContainText(
    'And hello from the second',
  );
  await expect(
    threads(page)
      .getByRole('button', { name: /^(?!Archive|New chat)/ })
      .first(),
  ).toContainText('And hello from the second');

  await threadButton(page, 'Hello from the first thread').click();
  await expect(conversation(page).getByText('Lumara heard: "Hello from the first thread"')).toBeVisible();
  await expect(conversation(page).getByText('And hello from the second')).toHaveCount(0);

  await page.reload();
  await expect(currentThread(page)).toContainText('And hello from the second');
  await expect(conversation(page).getByText('Lumara heard: "And hello from the second"')).toBeVisible();
  await threadButton(page, 'Hello from the first thread').click();
  const firstThread = conversation(page).getByRole('listitem');
  await expect(firstThread).toHaveCount(2);
  await expect(firstThread.nth(0)).toHaveText('You: Hello from the first thread');
  await expect(firstThread.nth(1)).toContainText('Lumara heard: "Hello from the first thread"');
  await expect(page.getByRole('region', { name: 'Recent Activity' })).toContainText('Chats2');
});

test('archives the open thread: the next one opens, and the last one gives way to a new chat', async ({
  page,
  signIn,
  expectAccessible,
}) => {
  await signIn();
  await openStudio(page);
  await send(page, 'Older thread');
  await page.getByRole('button', { name: 'New chat' }).click();
  await expect(currentThread(page)).toContainText('New Chat');
  await send(page, 'Newer thread');

  await threads(page).getByRole('button', { name: 'Archive Newer thread' }).click();
  await expect(currentThread(page)).toContainText('Older thread');
  await expect(threadButton(page, 'Newer thread')).toHaveCount(0);
  await expect(conversation(page).getByText('Lumara heard: "Older thread"')).toBeVisible();

  await threads(page).getByRole('button', { name: 'Archive Older thread' }).click();
  await expect(currentThread(page)).toContainText('New Chat');
  await expect(threads(page).getByRole('listitem')).toHaveCount(1);
  await expect(page.getByText('Say hello to Lumara')).toBeVisible();
  await expectAccessible();

  await page.reload();
  await expect(threads(page).getByRole('listitem')).toHaveCount(1);
  await expect(currentThread(page)).toContainText('New Chat');
});

test('runs a quick action on the selected text of the message', async ({
  page,
  signIn,
  expectAccessible,
}) => {
  await signIn();
  await openStudio(page);
  await expect(page.getByText('No Quick Actions Yet')).toBeVisible();
  await page.getByRole('button', { name: 'Add the 5 starter actions' }).click();
  const row = page.getByRole('region', { name: 'Quick actions' });
  for (const label of ['Summarize', 'Explain simply', 'Caption it', 'Brainstorm', 'Deep research']) {
    await expect(row.getByRole('button', { name: label, exact: true })).toBeVisible();
  }
  await expectAccessible();

  const text = 'Parrots can learn hundreds of words. This sentence stays out.';
  await messageInput(page).fill(text);
  await messageInput(page).evaluate((box: HTMLTextAreaElement) => box.setSelectionRange(0, 36));
  await row.getByRole('button', { name: 'Summarize', exact: true }).click();

  const reply = conversation(page)
    .getByRole('listitem')
    .filter({ hasText: 'Lumara heard: "Summarize the following in three short bullet points:' });
  await expect(reply).toBeVisible();
  await expect(reply).toContainText('Parrots can learn hundreds of words."');
  await expect(reply).not.toContainText('This sentence stays out');
  // The message keeps its text for the next action.
  await expect(messageInput(page)).toHaveValue(text);
});

test('shows research with Harvard references and working DOI links', async ({
  page,
  signIn,
  expectAccessible,
}) => {
  const dialogs = recordDialogs(page);
  await signIn();
  await openStudio(page);

  await page.getByRole('button', { name: 'Research', exact: true }).click();
  await expect.poll(() => dialogs).toEqual(['Please enter a research topic first ✍️']);

  await messageInput(page).fill('open access');
  const answered = page.waitForResponse(
    (response) => response.url().endsWith('/api/research') && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Research', exact: true }).click();
  expect((await answered).status()).toBe(200);

  const card = conversation(page).getByRole('article', { name: 'Research: open access' });
  await expect(card).toBeVisible();
  await expect(card).toContainText(/\d+ works? since \d{4}/);
  await expect(card).toContainText('Piwowar, H. and Priem, J. (2018)');
  const doi = card.getByRole('link', { name: /^https:\/\/doi\.org\/10\.7717\/peerj\.4375/ });
  await expect(doi).toHaveAttribute('href', 'https://doi.org/10.7717/peerj.4375');
  await expect(doi).toHaveAttribute('target', '_blank');
  await expect(doi).toHaveAttribute('rel', 'noopener noreferrer');
  for (const link of await card.getByRole('link').all()) {
    const href = (await link.getAttribute('href')) ?? '';
    expect(href).toMatch(/^https:\/\//);
  }
  await expect(card.getByRole('link', { name: /Open access/ }).first()).toHaveAttribute(
    'href',
    'https://peerj.com/articles/4375.pdf',
  );
  await expect(messageInput(page)).toHaveValue('');
  await expectAccessible();
});

test('Stop keeps the part of a slow reply that arrived, also after a reload', async ({ page, signIn }) => {
  await signIn();
  await openStudio(page);
  await messageInput(page).fill('Tell me everything [slow]');
  await messageInput(page).press('Enter');
  // While the reply streams the input is disabled and Stop takes Send's place.
  await expect(messageInput(page)).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Send' })).toHaveCount(0);
  await expect(conversation(page).getByText(/Taking my time: word1 word2 word3/)).toBeVisible();
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(messageInput(page)).toBeEnabled();

  const kept = conversation(page).getByRole('listitem').filter({ hasText: 'Taking my time' });
  await expect(kept).toHaveCount(1);
  await expect(kept).toContainText('Stopped');
  await expect(kept).not.toContainText('word60');
  const keptText = (await kept.innerText()).trim();

  await page.reload();
  const afterReload = conversation(page).getByRole('listitem').filter({ hasText: 'Taking my time' });
  await expect(afterReload).toContainText('Stopped');
  expect((await afterReload.innerText()).trim()).toBe(keptText);
  await expect(afterReload).not.toContainText('word60');
  await expect(conversation(page).getByText('Tell me everything [slow]')).toBeVisible();
});

test('opens the gallery from the URL and keeps the tab in the URL', async ({
  page,
  signIn,
  expectAccessible,
}) => {
  await signIn();
  await page.goto('/studio?tab=gallery');
  await expect(page.getByRole('tab', { name: 'Gallery' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel', { name: 'Gallery' })).toContainText('No media found');
  await expectAccessible();
  await page.getByRole('tab', { name: 'Gallery' }).press('Home');
  await expect(page.getByRole('tab', { name: 'AI Chat' })).toBeFocused();
  await expect(page).toHaveURL(/\/studio$/);
  await page.getByRole('tab', { name: 'AI Chat' }).press('ArrowRight');
  await expect(page).toHaveURL(/\/studio\?tab=fal$/);
  await expect(page.getByRole('tabpanel', { name: 'Fal.ai Media' })).toBeVisible();
});

test('fits a phone: the thread list starts collapsed and the chat works', async ({
  page,
  signIn,
  expectAccessible,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn();
  await page.goto('/studio');
  await expect(page.getByRole('combobox', { name: 'Provider' })).toBeEnabled();
  await expect(page.getByText('Say hello to Lumara')).toBeVisible();
  await expect(threads(page)).toHaveCount(0);
  const toggle = page.getByRole('button', { name: 'Show chats' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await send(page, 'Hello from a phone');
  // Nothing is wider than the screen.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await toggle.click();
  await expect(threads(page)).toBeVisible();
  await expect(currentThread(page)).toContainText('Hello from a phone');
  await expectAccessible();
});
