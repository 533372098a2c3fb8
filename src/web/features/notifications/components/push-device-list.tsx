import { Smartphone } from 'lucide-react';
import { useId } from 'react';
import type { PushDevice } from '#shared/push.ts';
import { useFormat } from '#web/lib/i18n/format.ts';
import { useT } from '#web/lib/i18n/use-t.ts';
import { Button } from '#web/ui/button.tsx';
import { QueryState } from '#web/ui/query-state.tsx';
import { toast } from '#web/ui/toast.ts';
import { type usePushDevices, useRemovePushDevice } from '../api/push-devices.ts';

/**
 * The member's devices that receive pushes, oldest first, this one marked; each with Remove. Removing this one
 * turns push off here too (`onRemoveThis`), so the browser is not left subscribed to nothing.
 */
export function PushDeviceList({
  devices,
  thisDeviceId,
  onRemoveThis,
  removingThis,
}: {
  devices: ReturnType<typeof usePushDevices>;
  thisDeviceId: number | null;
  onRemoveThis: () => void;
  removingThis: boolean;
}) {
  const t = useT();
  return (
    <QueryState
      query={devices}
      what={t('notifications.devices.what')}
      isEmpty={(list) => list.length === 0}
      empty={<p className="text-sm text-(--ink-muted)">{t('notifications.devices.none')}</p>}
    >
      {(list) => (
        <ul aria-label={t('notifications.devices.listLabel')} className="flex flex-col gap-2">
          {list.map((device) => (
            <DeviceRow
              key={device.id}
              device={device}
              current={device.id === thisDeviceId}
              onRemoveThis={onRemoveThis}
              removingThis={removingThis}
            />
          ))}
        </ul>
      )}
    </QueryState>
  );
}

function DeviceRow({
  device,
  current,
  onRemoveThis,
  removingThis,
}: {
  device: PushDevice;
  current: boolean;
  onRemoveThis: () => void;
  removingThis: boolean;
}) {
  const t = useT();
  const format = useFormat();
  const id = useId();
  const remove = useRemovePushDevice();
  const name = device.label || t('notifications.push.unknownDevice');

  function removeDevice() {
    if (current) {
      onRemoveThis();
      return;
    }
    remove.mutate(device.id, {
      onSuccess: () => toast.success(t('notifications.devices.removed', { device: name })),
      onError: () => toast.error(t('notifications.devices.removeFailed')),
    });
  }

  return (
    <li className="flex flex-wrap items-center justify-between gap-2 rounded-2xl bg-(--surface-strong) p-3">
      <div className="flex min-w-0 flex-col gap-0.5">
        <p className="flex flex-wrap items-center gap-2 font-semibold text-(--ink)">
          <Smartphone aria-hidden="true" className="size-4 shrink-0 text-(--accent)" />
          <span id={`${id}-name`} className="break-words">
            {name}
          </span>
          {current ? (
            <span className="rounded-full bg-(--accent) px-2 py-0.5 text-xs font-semibold text-(--on-accent)">
              {t('notifications.devices.thisDevice')}
            </span>
          ) : null}
        </p>
        <p id={`${id}-added`} className="text-sm text-(--ink-muted)">
          {t('notifications.devices.added', {
            when: format.date(device.created_at, { dateStyle: 'medium' }),
          })}
        </p>
      </div>
      <Button
        variant="ghost"
        aria-describedby={`${id}-name ${id}-added`}
        busy={remove.isPending || (current && removingThis)}
        onClick={removeDevice}
      >
        {t('notifications.devices.remove')}
      </Button>
    </li>
  );
}
