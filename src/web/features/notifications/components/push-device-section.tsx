import type { UseMutationResult } from '@tanstack/react-query';
import { BellOff, BellRing } from 'lucide-react';
import { type MessageKey, type Translate, useT } from '#web/lib/i18n/use-t.ts';
import { Alert } from '#web/ui/alert.tsx';
import { Button } from '#web/ui/button.tsx';
import { PushSetupError, type PushSetupProblem } from '../hooks/use-this-device-push.ts';
import type { PushAvailability } from '../model/push-support.ts';

const problemTexts: Record<Exclude<PushSetupProblem, 'server'>, MessageKey> = {
  unsupported: 'notifications.push.unsupported',
  denied: 'notifications.push.denied',
  dismissed: 'notifications.push.dismissed',
  noWorker: 'notifications.push.noWorker',
  pushService: 'notifications.push.pushService',
};

/** What stopped push from being turned on, in words a member can act on. */
function setupProblemText(error: unknown, t: Translate): string {
  if (!(error instanceof PushSetupError)) return t('notifications.push.server');
  if (error.problem === 'server') {
    return error.detail
      ? t('notifications.push.serverReason', { reason: error.detail })
      : t('notifications.push.server');
  }
  return t(problemTexts[error.problem]);
}

/**
 * This device's push: the button that turns it on (the browser asks for permission only then), or that it is on
 * and the button that turns it off; where the browser cannot or will not, why, and what to do about it.
 */
export function PushDeviceSection({
  availability,
  checking,
  on,
  enable,
  disable,
}: {
  availability: PushAvailability;
  checking: boolean;
  on: boolean;
  enable: UseMutationResult<unknown, Error, void>;
  disable: UseMutationResult<unknown, Error, void>;
}) {
  const t = useT();
  if (availability === 'unsupported') return <Alert tone="info">{t('notifications.push.unsupported')}</Alert>;
  if (checking) {
    return (
      <p role="status" className="text-sm text-(--ink-muted)">
        {t('notifications.push.checking')}
      </p>
    );
  }
  if (on) {
    return (
      <div className="flex flex-col gap-2">
        <p role="status" className="flex items-center gap-2 font-medium text-(--ink)">
          <BellRing aria-hidden="true" className="size-4 text-(--accent)" />
          {t('notifications.push.on')}
        </p>
        <Button
          variant="secondary"
          className="self-start"
          busy={disable.isPending}
          onClick={() => disable.mutate()}
        >
          <BellOff aria-hidden="true" className="size-4" />
          {t('notifications.push.disable')}
        </Button>
        {disable.isError ? <Alert>{t('notifications.push.disableFailed')}</Alert> : null}
      </div>
    );
  }
  // Blocked: pressing would be refused at once without a question, so the way out is the browser's settings.
  if (availability === 'denied') return <Alert>{t('notifications.push.denied')}</Alert>;
  return (
    <div className="flex flex-col gap-2">
      <Button className="self-start" busy={enable.isPending} onClick={() => enable.mutate()}>
        <BellRing aria-hidden="true" className="size-4" />
        {t('notifications.push.enable')}
      </Button>
      {availability === 'default' ? (
        <p className="text-sm text-(--ink-muted)">{t('notifications.push.enableHint')}</p>
      ) : null}
      {enable.isError ? <Alert>{setupProblemText(enable.error, t)}</Alert> : null}
    </div>
  );
}
