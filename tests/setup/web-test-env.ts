import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { resetServer, startServer, stopServer } from '#tests/web-kit/msw-server.ts';

// The MSW network every web test talks to (tests/web-kit/msw-server.ts): no test reaches the real network.
beforeAll(startServer);

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  // After the unmount, so no page is left to send a request the reset handlers would refuse.
  resetServer();
});

afterAll(stopServer);
