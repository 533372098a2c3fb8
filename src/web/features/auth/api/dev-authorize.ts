import { useMutation } from '@tanstack/react-query';
import { type DevAuthorizeRequest, devAuthorizeResponseSchema } from '#shared/auth.ts';
import { apiRequest } from '#web/app/api-client.ts';
import { assignBrowserLocation } from '#web/app/browser-location.ts';

/** `POST /api/dev-identity/authorize`: answers where the development identity provider sends the browser. */
export async function devAuthorize(request: DevAuthorizeRequest): Promise<string> {
  const { redirectUrl } = await apiRequest('/api/dev-identity/authorize', {
    method: 'POST',
    body: request,
    schema: devAuthorizeResponseSchema,
  });
  return redirectUrl;
}

export function useDevAuthorize() {
  return useMutation({
    mutationFn: devAuthorize,
    onSuccess: (redirectUrl) => assignBrowserLocation(redirectUrl),
  });
}
