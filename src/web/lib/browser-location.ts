/**
 * Full-page navigations (to the identity provider and back) go through here: jsdom cannot perform them, so
 * tests replace this module to see where the browser was sent.
 */
export function assignBrowserLocation(url: string): void {
  window.location.assign(url);
}
