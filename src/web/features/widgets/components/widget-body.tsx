import { type WidgetType, widgetTypes } from '#shared/embeds.ts';
import { DEFAULT_DISPLAY_NAME } from '#shared/profile.ts';
import { useT } from '#web/lib/i18n/use-t.ts';
import { useAuth } from '#web/lib/use-auth.ts';
import { Avatar } from '#web/ui/avatar.tsx';
import type { ShownWidget } from '../api/get-widgets.ts';
import {
  EMBED_ALLOW,
  EMBED_FULLSCREEN,
  EMBED_REFERRER_POLICY,
  EMBED_SANDBOX,
  embedHeightPx,
  isFramableUrl,
} from '../lib/embed-frame.ts';

const knownType = (type: string): WidgetType | null =>
  (widgetTypes as readonly string[]).includes(type) ? (type as WidgetType) : null;

function Note({ children, height }: { children: string; height: number }) {
  return (
    <div
      style={{ height }}
      className="grid place-items-center rounded-2xl border border-dashed border-(--line) p-4 text-center text-sm text-(--ink-muted)"
    >
      {children}
    </div>
  );
}

/**
 * What a widget shows: the provider's embed in a sandboxed iframe, the member's name and avatar for a profile
 * widget (not the full profile card), or one of the widget's states. The URL comes from the
 * server, which derived it; nothing a member pasted is ever rendered as HTML.
 */
export function WidgetBody({ widget }: { widget: ShownWidget }) {
  const t = useT();
  const height = embedHeightPx(widget.row_span);
  const type = knownType(widget.type);
  if (type === null) return <Note height={height}>{t('widgets.body.unsupported')}</Note>;
  if (type === 'profile') return <ProfileWidget height={height} />;
  if (!widget.url) return <Note height={height}>{t('widgets.body.noUrl')}</Note>;
  if (!isFramableUrl(widget.url)) return <Note height={height}>{t('widgets.body.cannotShow')}</Note>;
  const allow = EMBED_ALLOW[type];
  return (
    <iframe
      src={widget.url}
      title={widget.title}
      sandbox={EMBED_SANDBOX}
      referrerPolicy={EMBED_REFERRER_POLICY}
      loading="lazy"
      {...(allow ? { allow } : {})}
      {...(EMBED_FULLSCREEN.has(type) ? { allowFullScreen: true } : {})}
      style={{ height }}
      className="w-full rounded-2xl border-0 bg-(--surface-strong)"
    />
  );
}

function ProfileWidget({ height }: { height: number }) {
  const { user } = useAuth();
  const name = user?.google_user_data.name.trim() || DEFAULT_DISPLAY_NAME;
  return (
    <div style={{ height }} className="flex items-center gap-3 rounded-2xl bg-(--surface-strong) p-4">
      <Avatar name={name} picture={user?.google_user_data.picture ?? null} />
      <p className="font-semibold text-(--ink)">{name}</p>
    </div>
  );
}
