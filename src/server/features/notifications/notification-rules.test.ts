import { describe, expect, it } from 'vitest';
import {
  DEFAULT_NOTIFICATION_CHANNELS,
  type NotificationSettings,
  PUSH_PAYLOAD_MAX_BYTES,
  type PushPayload,
} from '#shared/notifications.ts';
import { inQuietHours } from './notification-settings.ts';
import { readDue } from './notification-words.ts';
import { pushPayloadJson } from './push-payload.ts';

/** The small rules of sending: quiet hours on the member's clock, how `due` is read, and the payload's size. */
const on = DEFAULT_NOTIFICATION_CHANNELS;
const settings = (quiet: NotificationSettings['quiet_hours'], zone = 'UTC'): NotificationSettings => ({
  types: { 'task.reminder': on, 'pomodoro.finished': on, 'badge.earned': on, 'community.comment': on },
  quiet_hours: quiet,
  time_zone: zone,
});

describe('quiet hours', () => {
  it('hold [start, end) on the member’s clock, across midnight when the end comes first', () => {
    const night = settings({ start: '22:00', end: '07:00' }, 'America/Santiago');
    // Santiago is UTC-3 in November (summer time).
    expect(inQuietHours(night, new Date('2026-11-22T01:30:00Z'))).toBe(true); // 22:30
    expect(inQuietHours(night, new Date('2026-11-22T09:59:00Z'))).toBe(true); // 06:59
    expect(inQuietHours(night, new Date('2026-11-22T10:00:00Z'))).toBe(false); // 07:00
    expect(inQuietHours(night, new Date('2026-11-22T20:00:00Z'))).toBe(false); // 17:00
    const lunch = settings({ start: '12:00', end: '13:00' }, 'Europe/Madrid');
    expect(inQuietHours(lunch, new Date('2026-07-01T10:30:00Z'))).toBe(true); // 12:30 summer time
    expect(inQuietHours(lunch, new Date('2026-12-01T10:30:00Z'))).toBe(false); // 11:30 winter time
    expect(inQuietHours(settings({ start: '08:00', end: '08:00' }), new Date('2026-11-22T08:00:00Z'))).toBe(
      false,
    );
    expect(inQuietHours(settings(null), new Date())).toBe(false);
  });
});

describe('a reminder’s due', () => {
  it('is a local day, a local day and time, or an instant read on the task’s clock', () => {
    expect(readDue('2026-12-26', 'UTC')).toEqual({ date: '2026-12-26', time: null });
    expect(readDue('2026-12-26T17:00', 'Europe/Madrid')).toEqual({ date: '2026-12-26', time: '17:00' });
    expect(readDue('2026-12-26T02:30:00.000Z', 'America/Santiago')).toEqual({
      date: '2026-12-25',
      time: '23:30',
    });
    expect(readDue('tomorrow', 'UTC')).toBeNull();
  });
});

describe('the push payload', () => {
  const payload = (body: string, title = 'Pay rent'): PushPayload => ({
    id: 1,
    type: 'community.comment',
    title,
    body,
    url: '/community?post=1',
    tag: 'post:1:comments',
    data: { post_id: 1 },
    lang: 'en',
  });

  it('is sent whole when it fits', () => {
    expect(JSON.parse(pushPayloadJson(payload('Lovely tomatoes')))).toEqual(payload('Lovely tomatoes'));
  });

  it('is at most 3 KB: a long body (multi-byte, quotes) is cut with an ellipsis, the rest kept', () => {
    for (const body of ['a'.repeat(10_000), 'ñ🎉"'.repeat(2_000), '\u0001'.repeat(5_000)]) {
      const json = pushPayloadJson(payload(body));
      expect(Buffer.byteLength(json)).toBeLessThanOrEqual(PUSH_PAYLOAD_MAX_BYTES);
      const sent = JSON.parse(json) as PushPayload;
      expect(sent.body.endsWith('…')).toBe(true);
      expect(body.startsWith(sent.body.slice(0, -1))).toBe(true);
      expect(Buffer.byteLength(json)).toBeGreaterThan(PUSH_PAYLOAD_MAX_BYTES - 64);
      expect({ ...sent, body: '' }).toEqual({ ...payload(body), body: '' });
    }
  });
});
