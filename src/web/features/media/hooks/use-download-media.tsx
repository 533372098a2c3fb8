import { useMutation } from '@tanstack/react-query';
import { XCircle } from 'lucide-react';
import { DOWNLOAD_ERROR_TOAST_MS } from '#shared/media.ts';
import { translate } from '#web/lib/i18n/use-t.ts';
import { toast } from '#web/ui/toast.ts';
import { downloadMedia } from '../api/download-media.ts';

/** Downloads a gallery item; a failure shows the red toast 'Download failed. Please try again.' for 3 s. */
export function useDownloadMedia() {
  return useMutation({
    mutationFn: downloadMedia,
    onError: (error) => {
      console.error(`Download failed: ${error.message}`);
      toast.error(translate('media.download.failed'), {
        id: 'media-download-failed',
        duration: DOWNLOAD_ERROR_TOAST_MS,
        icon: <XCircle aria-hidden="true" className="size-4" />,
      });
    },
  });
}
