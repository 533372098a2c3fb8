import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type AccountImportSummary, importAccountResponseSchema } from '#shared/account.ts';
import { ApiError, toApiError } from '#web/lib/api-client.ts';
import { currentLanguage } from '#web/lib/i18n/i18n.ts';
import { translate } from '#web/lib/i18n/use-t.ts';

export type ImportMode = 'preview' | 'apply';
export type ImportVariables = { file: File; mode: ImportMode; onProgress?: (sent: number) => void };

/**
 * `POST /api/account/import?mode=` with the archive as the body. An archive may weigh gigabytes, and a member
 * should see it go: `fetch` cannot report an upload's progress, `XMLHttpRequest` can, so this one call goes
 * through it (its errors are read as every other call's, by `toApiError`). `onProgress` gets the share sent, 0–1.
 */
export function importAccount({ file, mode, onProgress }: ImportVariables): Promise<AccountImportSummary> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/api/account/import?mode=${mode}`);
    request.setRequestHeader('Content-Type', 'application/zip');
    request.setRequestHeader('Accept', 'application/json');
    // As every other call (api-client.ts): the server's messages come in the interface's language.
    request.setRequestHeader('Accept-Language', currentLanguage());
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    request.onerror = () =>
      reject(new ApiError({ status: 0, code: 'unknown', message: translate('account.import.unreachable') }));
    request.onload = () => {
      const answer = new Response(request.responseText, { status: request.status });
      if (request.status >= 200 && request.status < 300) {
        answer
          .json()
          .then((body) => resolve(importAccountResponseSchema.parse(body)))
          .catch(reject);
      } else {
        toApiError(answer).then(reject, reject);
      }
    };
    request.send(file);
  });
}

/** An applied import may add to every list the app shows: all of them are asked again. */
export function useImportAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importAccount,
    onSuccess: (summary) => {
      if (summary.applied) void queryClient.invalidateQueries();
    },
  });
}
