import type { Context } from 'hono';
import ipaddr from 'ipaddr.js';

/** What a request answered in process (tests, `app.request`) counts as: it has no socket. */
const NO_SOCKET = 'unknown';

/**
 * The address a request comes from, for per-address limits. With no trusted proxy (`TRUSTED_PROXY_HOPS=0`, the
 * default) it is the socket's: `X-Forwarded-For` is anyone's to write and is ignored. Behind N proxies that each
 * append the address they received from, the client is the entry N places from the right of the list that ends
 * with the socket's address; entries further left were written by the client and prove nothing. An IPv6 client
 * is counted by its /64, the block one subscriber is given, so stepping through it buys no fresh allowance.
 */
export function createClientAddressOf(options: { trustedProxyHops: number }) {
  return (c: Context): string => {
    const socket = socketAddressOf(c);
    if (socket === null) return NO_SOCKET;
    if (options.trustedProxyHops === 0) return countedAs(socket) ?? NO_SOCKET;
    const forwarded = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const chain = [...forwarded, socket];
    const client = chain[Math.max(0, chain.length - 1 - options.trustedProxyHops)] ?? socket;
    return countedAs(client) ?? countedAs(socket) ?? NO_SOCKET;
  };
}

export type ClientAddressOf = ReturnType<typeof createClientAddressOf>;

/** `@hono/node-server` hands the Node request to the app as `env.incoming`. */
function socketAddressOf(c: Context): string | null {
  const env: unknown = c.env;
  if (typeof env !== 'object' || env === null || !('incoming' in env)) return null;
  const incoming = env.incoming as { socket?: { remoteAddress?: unknown } } | undefined;
  const address = incoming?.socket?.remoteAddress;
  return typeof address === 'string' ? address : null;
}

/** An IPv4 address as it is (an IPv4-mapped IPv6 one too), an IPv6 one as its /64; null for what is no address. */
function countedAs(address: string): string | null {
  if (!ipaddr.isValid(address)) return null;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${parts.join(':')}::/64`;
}
