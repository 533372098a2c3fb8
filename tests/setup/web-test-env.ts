import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, type Mock, vi } from 'vitest';
import { resetServer, startServer, stopServer } from '#tests/web-kit/msw-server.ts';
import { activateLanguage, currentLanguage } from '#web/lib/i18n/i18n.ts';

// jsdom lays nothing out, so it has neither ResizeObserver nor scrollIntoView; cmdk's list (the command palette)
// watches its size and scrolls the selected item into view. Nothing is resized or scrolled here, so an observer
// that never calls back and a scroll that moves nothing are what a browser would do for this page.
globalThis.ResizeObserver ??= class {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
};
Element.prototype.scrollIntoView ??= () => {};

// jsdom cannot leave the page (to the identity provider and back): every web test sees where the browser was sent
// through this mock. Here, not in the test files: the files share one module graph (vitest.config.ts), where a
// file's own mock would come after the module was first loaded. The factory runs again for each file of a worker,
// while the modules that call the mock stay loaded from an earlier file: one mock function for the worker's life,
// else a file could assert on a new mock that a module loaded by an earlier file never calls.
vi.mock('#web/lib/browser-location.ts', () => {
  const worker = globalThis as { assignBrowserLocationMock?: Mock<(url: string) => void> };
  worker.assignBrowserLocationMock ??= vi.fn();
  return { assignBrowserLocation: worker.assignBrowserLocationMock };
});

// The MSW network every web test talks to (tests/web-kit/msw-server.ts): no test reaches the real network.
beforeAll(startServer);

afterEach(async () => {
  cleanup();
  // Every test starts in English, the spec's language, whatever the last one switched to.
  if (currentLanguage() !== 'en') await activateLanguage('en');
  window.localStorage.clear();
  // After the unmount, so no page is left to send a request the reset handlers would refuse.
  resetServer();
});

afterAll(stopServer);
