import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { FAKE_FAL_KEY, startFakeFalServer } from '../fakes/fal-server.ts';
import { startFakeOidcProvider } from '../fakes/oidc-provider.ts';
import { FAKE_API_KEY, startFakeOpenAiServer } from '../fakes/openai-compatible-server.ts';
import { startFakeOpenAlexServer } from '../fakes/openalex-server.ts';
import { FAKE_STRAICO_API_KEY, startFakeStraicoServer } from '../fakes/straico-server.ts';
import { startServerProcess } from '../setup/server-process.ts';

/**
 * Starts, for the whole run: a real OIDC server (oauth2-mock-server), the fake AI providers (tests/fakes),
 * Lumara signed in through the OIDC server and pointed at the fakes, and a second Lumara with the development
 * identity provider and no AI configured; each on a free port and its own embedded database. Their addresses
 * reach the tests through the environment (see fixtures.ts); everything stops when the run ends.
 */
export default async function globalSetup() {
  const dataDirs = [
    mkdtempSync(path.join(os.tmpdir(), 'lumara-e2e-')),
    mkdtempSync(path.join(os.tmpdir(), 'lumara-e2e-dev-')),
  ];
  const idp = await startFakeOidcProvider();
  const [openRouter, straico, openAlex, fal] = await Promise.all([
    startFakeOpenAiServer(),
    startFakeStraicoServer(),
    startFakeOpenAlexServer(),
    startFakeFalServer(),
  ]);
  // A fal job stays queued for one status poll and in progress for two, so a generation is pending for a few
  // seconds: long enough for the page to show it, short enough for a test to wait.
  fal.setStatusSteps({ queued: 1, inProgress: 2 });
  const started: { stop(): Promise<unknown> }[] = [];
  const teardown = async () => {
    for (const server of started) await server.stop();
    await idp.close();
    await Promise.all([openRouter.close(), straico.close(), openAlex.close(), fal.close()]);
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  };

  // The address and port calendar-subscriptions.spec.ts serves its calendar on: public to the server only
  // through UNSAFE_OUTBOUND_ALLOW, as the fakes are.
  const calendarHost = { host: '127.0.0.3', port: await freePort('127.0.0.3') };

  try {
    const google = await startServerProcess(
      {
        DATA_DIR: dataDirs[0] as string,
        GOOGLE_CLIENT_ID: idp.clientId,
        GOOGLE_CLIENT_SECRET: idp.clientSecret,
        GOOGLE_ISSUER: idp.issuer,
        OPENROUTER_API_KEY: FAKE_API_KEY,
        OPENROUTER_BASE_URL: openRouter.baseUrl,
        STRAICO_API_KEY: FAKE_STRAICO_API_KEY,
        STRAICO_BASE_URL: straico.baseUrl,
        OPENALEX_BASE_URL: openAlex.baseUrl,
        FAL_KEY: FAKE_FAL_KEY,
        FAL_QUEUE_URL: fal.queueUrl,
        // Saving a generation copies its file from the provider, which is a fake on loopback here.
        UNSAFE_OUTBOUND_ALLOW: [
          ...[fal, straico, openRouter].map((fake) => `127.0.0.1:${fake.port}`),
          `${calendarHost.host}:${calendarHost.port}`,
        ].join(','),
      },
      // What `npm start` runs: the suite drives the server as it ships.
      { entry: 'bundle' },
    );
    started.push(google);
    const development = await startServerProcess({ DATA_DIR: dataDirs[1] as string }, { entry: 'bundle' });
    started.push(development);

    process.env.E2E_BASE_URL = google.url;
    process.env.E2E_DEV_BASE_URL = development.url;
    process.env.E2E_OIDC_ISSUER = idp.issuer;
    process.env.E2E_CALENDAR_HOST = `${calendarHost.host}:${calendarHost.port}`;
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}

/** A port free on `host` now, for a server a spec starts later. */
function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, host, () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
