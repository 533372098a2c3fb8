import '@testing-library/jest-dom/vitest';
import { messages as english } from 'virtual:lumara-messages/all/en';
import { messages as spanish } from 'virtual:lumara-messages/all/es';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, type MockInstance, vi } from 'vitest';
import { resetServer, startServer, stopServer } from '#tests/web-kit/msw-server.ts';
import { browserLocation } from '#web/lib/browser-location.ts';
import { activateLanguage, currentLanguage, i18n } from '#web/lib/i18n/i18n.ts';

// Components render here without the router that loads each page's texts with it (decision 0043): every text is
// there from the start, in both languages; a switch still goes through activateLanguage.
i18n.load({ en: english, es: spanish });

// jsdom lays nothing out, so it has neither ResizeObserver nor scrollIntoView; cmdk's list (the command palette)
// watches its size and scrolls the selected item into view. Nothing is resized or scrolled here, so an observer
// that never calls back and a scroll that moves nothing are what a browser would do for this page.
globalThis.ResizeObserver ??= class {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
};
Element.prototype.scrollIntoView ??= () => {};

// The MSW network every web test talks to (tests/web-kit/msw-server.ts): no test reaches the real network.
beforeAll(startServer);

// jsdom cannot leave the page (to the identity provider and back): each test sees where the browser was sent.
let leavingThePage: MockInstance<(url: string) => void> | undefined;
beforeEach(() => {
  leavingThePage = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
});

afterEach(async () => {
  cleanup();
  leavingThePage?.mockRestore();
  // Every test starts in English, the default, whatever the last one switched to.
  if (currentLanguage() !== 'en') await activateLanguage('en');
  window.localStorage.clear();
  // After the unmount, so no page is left to send a request the reset handlers would refuse.
  resetServer();
});

afterAll(stopServer);
