import { say } from '#server/lib/http/request-language.ts';

/**
 * Domains that are nobody's mailbox (RFC 2606, RFC 6761 and the special-use names registered after it): no
 * identity provider can have verified an address there, and the server itself names its system row with one
 * (`deleted-member@lumara.invalid`). An email in one of them never signs in.
 */
const NEVER_A_MAILBOX = ['invalid', 'localhost', 'example', 'local', 'alt', 'home.arpa'];
const EXAMPLE_DOMAINS = ['example.com', 'example.net', 'example.org'];
/**
 * `.test` is reserved for testing (RFC 6761 §6.2): the development identity provider and the test suites sign in
 * with it, and a production server refuses it like the others.
 */
const TESTING = 'test';

/** Whether `email`'s domain is reserved, so it cannot sign in; `.test` counts only when `refuseTesting`. */
export function hasReservedDomain(email: string, options: { refuseTesting: boolean }): boolean {
  const domain = email
    .slice(email.lastIndexOf('@') + 1)
    .trim()
    .toLowerCase()
    .replace(/\.$/, '');
  const within = (name: string) => domain === name || domain.endsWith(`.${name}`);
  return (
    NEVER_A_MAILBOX.some(within) || EXAMPLE_DOMAINS.some(within) || (options.refuseTesting && within(TESTING))
  );
}

/** Why an address on a reserved domain cannot sign in, in the request's language. */
export const reservedDomainMessage = () => say('server.auth.reservedDomain');
