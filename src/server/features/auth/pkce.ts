import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** 256 bits of randomness, base64url: used for state, nonce, PKCE verifier and session tokens. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The PKCE S256 challenge of a verifier (RFC 7636 §4.2). */
export function pkceChallengeOf(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

/** Compares two secrets without leaking where they differ through timing. */
export function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
