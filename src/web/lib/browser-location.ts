/**
 * Full-page navigations (to the identity provider and back) go through here: jsdom cannot perform them, so the
 * web tests replace `assign` with a spy (tests/setup/web-test-env.ts) to see where the browser was sent. An
 * object's method rather than a module mock: the web test files share one module graph (vitest.config.ts).
 */
export const browserLocation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
