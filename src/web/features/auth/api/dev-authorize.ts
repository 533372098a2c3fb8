import { useMutation } from '@tanstack/react-query';
import type { DevAuthorizeRequest } from '#shared/auth.ts';
import { answerOf, api } from '#web/lib/api-client.ts';
import { browserLocation } from '#web/lib/browser-location.ts';

/** `POST /api/dev-identity/authorize`: answers where the development identity provider sends the browser. */
export async function devAuthorize(request: DevAuthorizeRequest): Promise<string> {
  const { redirectUrl } = await answerOf(api['dev-identity'].authorize.$post({ json: request }));
  return redirectUrl;
}

export function useDevAuthorize() {
  return useMutation({
    mutationFn: devAuthorize,
    onSuccess: (redirectUrl) => browserLocation.assign(redirectUrl),
  });
}
