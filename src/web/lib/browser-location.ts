/**
 * Full-page navigations (to the identity provider and back) go through here: jsdom cannot perform them, so
 * tests see where the browser was sent through a mock of this module (tests/setup/web-test-env.ts).
 */
export function assignBrowserLocation(url: string): void {
  window.location.assign(url);
}
