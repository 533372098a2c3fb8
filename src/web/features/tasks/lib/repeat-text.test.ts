import { afterEach, describe, expect, it } from 'vitest';
import { formattersFor } from '#web/lib/i18n/format.ts';
import { activateLanguage } from '#web/lib/i18n/i18n.ts';
import { translate } from '#web/lib/i18n/use-t.ts';
import { emptyRule, parseRule, type RepeatRule } from '../model/repeat-rule.ts';
import { describeRepeat } from './repeat-text.ts';

const rule = (text: string): RepeatRule => {
  const parsed = parseRule(text);
  if (!parsed) throw new Error(`not a rule: ${text}`);
  return parsed;
};

describe('describeRepeat', () => {
  afterEach(() => activateLanguage('en'));

  it('says a rule in English', () => {
    const say = (text: string) => describeRepeat(rule(text), translate, formattersFor('en'));
    expect(say('FREQ=DAILY')).toBe('Every day');
    expect(say('FREQ=DAILY;INTERVAL=3')).toBe('Every 3 days');
    expect(say('FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR')).toBe('Every weekday');
    expect(say('FREQ=WEEKLY;BYDAY=MO,WE')).toBe('Every Monday and Wednesday');
    expect(say('FREQ=WEEKLY;INTERVAL=2;BYDAY=FR')).toBe('Every 2 weeks on Friday');
    expect(say('FREQ=MONTHLY;BYMONTHDAY=1')).toBe('Every month on the 1st');
    expect(say('FREQ=MONTHLY;BYMONTHDAY=22')).toBe('Every month on the 22nd');
    expect(say('FREQ=MONTHLY;BYMONTHDAY=-1')).toBe('Every month on the last day');
    expect(say('FREQ=MONTHLY;BYDAY=-1FR')).toBe('Every last Friday of the month');
    expect(say('FREQ=MONTHLY;BYDAY=4TH')).toBe('Every fourth Thursday of the month');
    expect(say('FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=25')).toBe('Every year on December 25');
    expect(say('FREQ=DAILY;COUNT=5')).toBe('Every day, 5 times');
    expect(say('FREQ=WEEKLY;BYDAY=MO;UNTIL=20270131')).toBe('Every Monday, until Jan 31, 2027');
    expect(describeRepeat(emptyRule('MONTHLY'), translate, formattersFor('en'))).toBe('Every month');
  });

  it('says a rule in Spanish', async () => {
    await activateLanguage('es');
    const say = (text: string) => describeRepeat(rule(text), translate, formattersFor('es'));
    expect(say('FREQ=DAILY;INTERVAL=3')).toBe('Cada 3 días');
    expect(say('FREQ=WEEKLY;BYDAY=MO,WE')).toBe('Cada lunes y miércoles');
    expect(say('FREQ=MONTHLY;BYDAY=-1FR')).toBe('Cada último viernes del mes');
    expect(say('FREQ=MONTHLY;BYMONTHDAY=1')).toBe('Cada mes, el día 1');
    expect(say('FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=25')).toBe('Cada año, el 25 de diciembre');
    expect(say('FREQ=DAILY;COUNT=1')).toBe('Cada día, una vez');
  });
});
