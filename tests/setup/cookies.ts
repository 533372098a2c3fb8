/** A tiny cookie jar for in-process requests: keeps what Set-Cookie headers set, as a browser would. */
export class CookieJar {
  readonly #cookies = new Map<string, string>();

  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = /max-age=0/i.test(line) || /expires=Thu, 01 Jan 1970/i.test(line);
      if (expired || value === '') this.#cookies.delete(name);
      else this.#cookies.set(name, value);
    }
  }

  get(name: string): string | undefined {
    return this.#cookies.get(name);
  }

  set(name: string, value: string): void {
    this.#cookies.set(name, value);
  }

  header(): string {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/** Parses one Set-Cookie line into its attributes (lower-cased names). */
export function parseSetCookie(line: string): {
  name: string;
  value: string;
  attributes: Map<string, string>;
} {
  const [pair = '', ...rest] = line.split(';');
  const index = pair.indexOf('=');
  const attributes = new Map<string, string>();
  for (const part of rest) {
    const [key = '', ...value] = part.trim().split('=');
    attributes.set(key.toLowerCase(), value.join('='));
  }
  return { name: pair.slice(0, index).trim(), value: pair.slice(index + 1), attributes };
}

/** A `cookie` request header as the cookies a browser context holds for `url` (Playwright's addCookies). */
export function cookiesOf(header: string, url: string): { name: string; value: string; url: string }[] {
  return header
    .split(';')
    .map((pair) => pair.trim())
    .filter((pair) => pair.includes('='))
    .map((pair) => {
      const index = pair.indexOf('=');
      return { name: pair.slice(0, index), value: pair.slice(index + 1), url };
    });
}
