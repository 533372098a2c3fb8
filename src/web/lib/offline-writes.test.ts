import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { forgetPausedWrites, keepPausedWritesFor, waitForConnection } from './offline-writes.ts';
import { createQueryClient } from './query-client.ts';

const MEMBER = 7;
const STORED = `lumaraOfflineWrites:${MEMBER}`;

/** A client as the app has it: the write `['notes', 'add']` registered, scoped so its writes run in order. */
function clientWithRegisteredWrite(sent: string[], answer: (text: string) => Promise<string>) {
  const queryClient = createQueryClient();
  queryClient.setMutationDefaults(['notes', 'add'], {
    mutationFn: async (text: string) => {
      const answered = await answer(text);
      sent.push(answered);
      return answered;
    },
    scope: { id: 'notes' },
    ...waitForConnection,
  });
  return queryClient;
}

function addNote(queryClient: QueryClient, text: string): Promise<unknown> {
  return queryClient
    .getMutationCache()
    .build(queryClient, { mutationKey: ['notes', 'add'] })
    .execute(text)
    .catch(() => undefined);
}

function kept(): { mutations: { state: { variables: unknown } }[] } | null {
  const stored = window.localStorage.getItem(STORED);
  return stored === null ? null : JSON.parse(stored);
}

afterEach(() => {
  onlineManager.setOnline(true);
  window.localStorage.clear();
});

describe('keepPausedWritesFor', () => {
  it('keeps the registered writes made offline, under the member, and nothing else', async () => {
    onlineManager.setOnline(false);
    const queryClient = clientWithRegisteredWrite([], async (text) => text);
    const stop = keepPausedWritesFor(queryClient, MEMBER);
    void addNote(queryClient, 'first');
    void addNote(queryClient, 'second');
    // Not registered: after a reload nothing would know how to send it, so it is not kept.
    void queryClient
      .getMutationCache()
      .build(queryClient, { mutationKey: ['other'], mutationFn: async () => 'x' })
      .execute(undefined)
      .catch(() => undefined);
    await Promise.resolve();

    expect(kept()?.mutations.map((mutation) => mutation.state.variables)).toEqual(['first', 'second']);
    stop();
  });

  it('after a reload, sends the kept writes in the order they were made, once, and forgets them', async () => {
    onlineManager.setOnline(false);
    const before = clientWithRegisteredWrite([], async (text) => text);
    const stopBefore = keepPausedWritesFor(before, MEMBER);
    void addNote(before, 'first');
    void addNote(before, 'second');
    await Promise.resolve();
    stopBefore();

    // The reload: a new client, online again. The first write answers slowly; the second must still wait for it.
    onlineManager.setOnline(true);
    const sent: string[] = [];
    const after = clientWithRegisteredWrite(sent, (text) =>
      text === 'first'
        ? new Promise((resolve) => setTimeout(() => resolve(text), 30))
        : Promise.resolve(text),
    );
    const stop = keepPausedWritesFor(after, MEMBER);
    await expect.poll(() => sent).toEqual(['first', 'second']);
    await expect.poll(() => kept()).toBeNull();
    stop();

    // A second start finds nothing to send again.
    const again = clientWithRegisteredWrite(sent, async (text) => text);
    keepPausedWritesFor(again, MEMBER)();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(sent).toEqual(['first', 'second']);
  });

  it('keeps a restored write whose send failed for want of a connection, and sends it when the connection returns', async () => {
    onlineManager.setOnline(false);
    const before = clientWithRegisteredWrite([], async (text) => text);
    const stopBefore = keepPausedWritesFor(before, MEMBER);
    void addNote(before, 'offline note');
    await Promise.resolve();
    stopBefore();

    // The reload, without a connection.
    const offline = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine');
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    const sent: string[] = [];
    let connected = false;
    let attempts = 0;
    const after = clientWithRegisteredWrite(sent, async (text) => {
      attempts += 1;
      if (!connected) throw new TypeError('Failed to fetch');
      return text;
    });
    // Chromium reports `online` before the network works: Query believes it.
    onlineManager.setOnline(true);
    // Mounted as the app's provider mounts it: the connection's return resumes paused writes.
    after.mount();
    const stop = keepPausedWritesFor(after, MEMBER);
    try {
      await expect.poll(() => attempts).toBe(1);
      await expect.poll(() => after.getMutationCache().getAll()[0]?.state.isPaused).toBe(true);
      expect(after.getMutationCache().getAll()[0]?.state.status).toBe('pending');
      expect(kept()?.mutations.map((mutation) => mutation.state.variables)).toEqual(['offline note']);

      // The connection returns: the write is sent once, and then nothing is kept.
      connected = true;
      if (offline) Object.defineProperty(navigator, 'onLine', offline);
      else Reflect.deleteProperty(navigator, 'onLine');
      onlineManager.setOnline(true);
      await expect.poll(() => sent).toEqual(['offline note']);
      await expect.poll(() => kept()).toBeNull();
    } finally {
      Reflect.deleteProperty(navigator, 'onLine');
      stop();
      after.unmount();
    }
  });

  it('keeps a write while it is being sent, so a tab closed before the answer sends it again after a reload', async () => {
    const queryClient = clientWithRegisteredWrite([], () => new Promise(() => {}));
    const stop = keepPausedWritesFor(queryClient, MEMBER);
    void addNote(queryClient, 'in flight');
    await expect
      .poll(() => kept()?.mutations.map((mutation) => mutation.state.variables))
      .toEqual(['in flight']);
    stop();

    const sent: string[] = [];
    const stopAfter = keepPausedWritesFor(
      clientWithRegisteredWrite(sent, async (text) => text),
      MEMBER,
    );
    await expect.poll(() => sent).toEqual(['in flight']);
    await expect.poll(() => kept()).toBeNull();
    stopAfter();
  });

  it('never puts back another member’s writes, and ignores storage that is not its own shape', async () => {
    window.localStorage.setItem('lumaraOfflineWrites:8', JSON.stringify({ mutations: [], queries: [] }));
    window.localStorage.setItem(STORED, '{"not":"state"}');
    const sent: string[] = [];
    const queryClient = clientWithRegisteredWrite(sent, async (text) => text);
    const stop = keepPausedWritesFor(queryClient, MEMBER);
    expect(queryClient.getMutationCache().getAll()).toEqual([]);
    stop();
  });
});

describe('forgetPausedWrites', () => {
  it('removes every member’s kept writes and nothing else', () => {
    window.localStorage.setItem(STORED, '{}');
    window.localStorage.setItem('lumaraOfflineWrites:8', '{}');
    window.localStorage.setItem('theme', 'ocean');
    forgetPausedWrites();
    expect(Object.keys(window.localStorage)).toEqual(['theme']);
  });
});
