import { describe, expect, it } from 'vitest';
import english from './messages/en.json' with { type: 'json' };
import spanish from './messages/es.json' with { type: 'json' };
import { reminderOccurrence } from './reminder-occurrence.ts';

describe('reminderOccurrence', () => {
  it('takes the occurrence the server names', () => {
    expect(reminderOccurrence({ due: '2026-12-01', occurrence: '2026-11-30' })).toBe('2026-11-30');
  });

  it('reads a date, and a wall-clock date-time by its date', () => {
    expect(reminderOccurrence({ due: '2026-12-01' })).toBe('2026-12-01');
    expect(reminderOccurrence({ due: '2026-12-01T23:30' })).toBe('2026-12-01');
  });

  it('reads an instant by its date in the member’s zone: the push’s, else this device’s', () => {
    // 02:30 UTC on Dec 1 is still Nov 30 in Santiago (UTC−3 in summer).
    expect(reminderOccurrence({ due: '2026-12-01T02:30:00.000Z' }, 'America/Santiago')).toBe('2026-11-30');
    expect(reminderOccurrence({ due: '2026-12-01T02:30:00.000Z' }, 'Europe/Madrid')).toBe('2026-12-01');
    expect(
      reminderOccurrence({ due: '2026-12-01T02:30:00.000Z', time_zone: 'America/Santiago' }, 'Europe/Madrid'),
    ).toBe('2026-11-30');
  });

  it('says nothing when the push carries nothing readable', () => {
    expect(reminderOccurrence({})).toBeUndefined();
    expect(reminderOccurrence({ due: 'tomorrow' })).toBeUndefined();
    expect(reminderOccurrence({ due: 3 })).toBeUndefined();
  });
});

describe("the worker's texts", () => {
  it('take no ICU arguments or escapes: the worker shows them as they are written', () => {
    for (const text of [...Object.values(english), ...Object.values(spanish)]) {
      expect(text).not.toMatch(/[{}#<>']/);
    }
  });
});
