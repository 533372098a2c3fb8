import { Award, Bell, CheckCheck, ListTodo, MessageCircle, Settings, Timer } from 'lucide-react';
import { type ComponentType, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Notification } from '#shared/notifications.ts';
import { useFormat } from '#web/lib/i18n/format.ts';
import { useT } from '#web/lib/i18n/use-t.ts';
import { Alert } from '#web/ui/alert.tsx';
import { Button } from '#web/ui/button.tsx';
import { LoadMore } from '#web/ui/load-more.tsx';
import { QueryState } from '#web/ui/query-state.tsx';
import { type NotificationPagesQuery, unreadOf } from '../api/get-notifications.ts';
import { useMarkNotificationsRead } from '../api/mark-notifications-read.ts';
import { kindName } from '../model/notification-kinds.ts';
import { timeAgo } from '../model/time-ago.ts';

/** The server takes at most this many ids in one read. */
const MOST_IDS_AT_ONCE = 100;

const kindIcons: Record<string, ComponentType<{ className?: string; 'aria-hidden'?: boolean }>> = {
  'task.reminder': ListTodo,
  'pomodoro.finished': Timer,
  'badge.earned': Award,
  'community.comment': MessageCircle,
};

/**
 * The notification centre's list, newest first, a page at a time (`list`: the bell's query of it). What it shows unread is marked read as it is
 * shown (opening the list is reading it), and keeps a "New" mark until the list closes; following a notification
 * opens its link and closes the list (`onFollow`). "Mark all as read" reaches those not loaded yet too.
 */
export function NotificationList({
  list,
  onFollow,
  showTitle = true,
}: {
  list: NotificationPagesQuery;
  onFollow: () => void;
  showTitle?: boolean;
}) {
  const t = useT();
  const markRead = useMarkNotificationsRead();
  const [seenUnread, setSeenUnread] = useState<ReadonlySet<number>>(new Set());
  const asked = useRef(new Set<number>());
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const unread = unreadOf(list.data);

  // Each unread notification shown is marked read once, in batches the server takes; it stays marked "New" here.
  const unreadShown = items
    .filter((item) => item.read_at === null && !asked.current.has(item.id))
    .map((item) => item.id);
  const unreadKey = unreadShown.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the ids' text stands for the list of ids.
  useEffect(() => {
    if (unreadShown.length === 0) return;
    for (const shown of unreadShown) asked.current.add(shown);
    setSeenUnread((before) => new Set([...before, ...unreadShown]));
    for (let start = 0; start < unreadShown.length; start += MOST_IDS_AT_ONCE) {
      markRead.mutate({ ids: unreadShown.slice(start, start + MOST_IDS_AT_ONCE) });
    }
  }, [unreadKey]);

  return (
    <div className="flex min-h-0 flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        {showTitle ? (
          <h2 className="text-lg font-bold text-(--ink)">{t('notifications.list.title')}</h2>
        ) : null}
        <Button
          variant="ghost"
          className="!min-h-9 !px-3 text-sm"
          disabled={unread === 0}
          onClick={() => {
            markRead.mutate({ all: true });
            setSeenUnread(new Set());
          }}
        >
          <CheckCheck aria-hidden="true" className="size-4" />
          {t('notifications.list.markAll')}
        </Button>
      </div>
      {markRead.isError ? <Alert>{t('notifications.list.markFailed')}</Alert> : null}
      <div className="-mx-1 flex min-h-0 flex-col gap-2 overflow-y-auto px-1">
        <QueryState
          query={list}
          what={t('notifications.list.what')}
          isEmpty={(pages) => pages.pages.every((page) => page.items.length === 0)}
          empty={<p className="text-sm text-(--ink-muted)">{t('notifications.list.empty')}</p>}
        >
          {() => (
            <>
              <ul aria-label={t('notifications.list.title')} className="flex flex-col gap-1">
                {items.map((item) => (
                  <NotificationRow
                    key={item.id}
                    item={item}
                    isNew={seenUnread.has(item.id) || item.read_at === null}
                    onFollow={onFollow}
                  />
                ))}
              </ul>
              <LoadMore query={list} what={t('notifications.list.whatMore')} />
            </>
          )}
        </QueryState>
      </div>
      <Link
        to="/settings"
        onClick={onFollow}
        className="flex min-h-11 items-center gap-2 self-start rounded-full px-3 text-sm font-semibold text-(--accent-strong) hover:bg-(--surface)"
      >
        <Settings aria-hidden="true" className="size-4" />
        {t('notifications.list.settings')}
      </Link>
    </div>
  );
}

/** One notification as a button: its kind, title, text and when; pressing it opens its link. */
function NotificationRow({
  item,
  isNew,
  onFollow,
}: {
  item: Notification;
  isNew: boolean;
  onFollow: () => void;
}) {
  const t = useT();
  const format = useFormat();
  const navigate = useNavigate();
  const Icon = kindIcons[item.type] ?? Bell;
  const kind = kindName(item.type);
  const ago = timeAgo(item.created_at, Date.now());

  function follow() {
    onFollow();
    // A link into the app goes through the router; anything else is not Lumara's to open.
    if (item.url.startsWith('/') && !item.url.startsWith('//')) void navigate(item.url);
  }

  return (
    <li>
      <Button
        variant="bare"
        onClick={follow}
        className={`flex w-full items-start gap-3 rounded-2xl px-3 py-2.5 text-left hover:bg-(--surface) ${
          isNew ? 'bg-(--surface)/70' : ''
        }`}
      >
        <Icon aria-hidden className="mt-0.5 size-5 shrink-0 text-(--accent)" />
        <span className="flex min-w-0 flex-1 flex-col gap-0.5">
          <span className="flex items-start justify-between gap-2">
            <span className={`break-words text-(--ink) ${isNew ? 'font-bold' : 'font-semibold'}`}>
              {item.title}
            </span>
            {isNew ? (
              <span className="shrink-0 rounded-full bg-(--accent) px-2 py-0.5 text-xs font-semibold text-(--on-accent)">
                {t('notifications.list.new')}
              </span>
            ) : null}
          </span>
          {item.body ? <span className="break-words text-sm text-(--ink)">{item.body}</span> : null}
          <span className="text-xs text-(--ink-muted)">
            {kind ? `${t(kind)} · ` : ''}
            <time
              dateTime={item.created_at}
              title={format.date(item.created_at, { dateStyle: 'medium', timeStyle: 'short' })}
            >
              {format.relative(ago.value, ago.unit)}
            </time>
          </span>
        </span>
      </Button>
    </li>
  );
}
