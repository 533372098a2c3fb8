import { describe, expect, it } from 'vitest';
import { inLanguage } from '#server/lib/http/request-language.ts';
import { repeatText } from '#shared/task-repeat-text.ts';

/** The words of each rule in English and Spanish: what `repeat_text` answers in each language. */
const rules: [rule: string, english: string, spanish: string][] = [
  ['FREQ=DAILY', 'Every day', 'Cada día'],
  ['FREQ=DAILY;INTERVAL=3', 'Every 3 days', 'Cada 3 días'],
  ['FREQ=WEEKLY', 'Every week', 'Cada semana'],
  ['FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', 'Every weekday', 'Cada día laborable'],
  ['FREQ=DAILY;BYDAY=FR,MO,TU,WE,TH', 'Every weekday', 'Cada día laborable'],
  ['FREQ=WEEKLY;BYDAY=MO', 'Every Monday', 'Cada lunes'],
  ['FREQ=WEEKLY;BYDAY=MO,WE,FR', 'Every Monday, Wednesday and Friday', 'Cada lunes, miércoles y viernes'],
  [
    'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH',
    'Every 2 weeks on Tuesday and Thursday',
    'Cada 2 semanas el martes y el jueves',
  ],
  ['FREQ=MONTHLY', 'Every month', 'Cada mes'],
  ['FREQ=MONTHLY;BYMONTHDAY=1', 'Every month on the 1st', 'Cada mes el día 1'],
  ['FREQ=MONTHLY;BYMONTHDAY=1,15', 'Every month on the 1st and the 15th', 'Cada mes el día 1 y el día 15'],
  ['FREQ=MONTHLY;BYMONTHDAY=22', 'Every month on the 22nd', 'Cada mes el día 22'],
  ['FREQ=MONTHLY;BYMONTHDAY=-1', 'Every month on the last day', 'Cada mes el último día'],
  ['FREQ=MONTHLY;BYMONTHDAY=-2', 'Every month on the second-to-last day', 'Cada mes el penúltimo día'],
  ['FREQ=MONTHLY;BYMONTHDAY=-5', 'Every month on the 5th-to-last day', 'Cada mes el 5.º día desde el final'],
  ['FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=3', 'Every 3 months on the 3rd', 'Cada 3 meses el día 3'],
  ['FREQ=MONTHLY;BYDAY=-1FR', 'Every last Friday', 'Cada último viernes'],
  ['FREQ=MONTHLY;BYDAY=1MO', 'Every first Monday', 'Cada primer lunes'],
  ['FREQ=MONTHLY;BYDAY=2SA', 'Every second Saturday', 'Cada segundo sábado'],
  [
    'FREQ=MONTHLY;INTERVAL=2;BYDAY=-1FR',
    'Every 2 months on the last Friday',
    'Cada 2 meses el último viernes',
  ],
  [
    'FREQ=MONTHLY;BYDAY=1MO,3MO',
    'Every month on the first Monday and the third Monday',
    'Cada mes el primer lunes y el tercer lunes',
  ],
  [
    'FREQ=MONTHLY;BYMONTHDAY=28,29,30,31;BYSETPOS=-1',
    'Every month on the 31st (or the last day of a shorter month)',
    'Cada mes el día 31 (o el último día si el mes es más corto)',
  ],
  [
    'FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1',
    'Every month on the last weekday',
    'Cada mes el último día laborable',
  ],
  [
    'FREQ=MONTHLY;BYDAY=SA,SU;BYSETPOS=1',
    'Every month on the first weekend day',
    'Cada mes el primer día del fin de semana',
  ],
  [
    'FREQ=MONTHLY;BYDAY=MO,FR;BYSETPOS=1,-1',
    'Every month on the first and last Monday or Friday',
    'Cada mes el primer y último lunes o viernes',
  ],
  [
    'FREQ=MONTHLY;BYMONTHDAY=1,15;BYSETPOS=2',
    'Every month on the 1st and the 15th, only the second of each month',
    'Cada mes el día 1 y el día 15, solo el segundo de cada mes',
  ],
  ['FREQ=YEARLY', 'Every year', 'Cada año'],
  ['FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=15', 'Every year on March 15', 'Cada año el 15 de marzo'],
  [
    'FREQ=YEARLY;BYMONTH=11;BYDAY=4TH',
    'Every year on the fourth Thursday in November',
    'Cada año el cuarto jueves en noviembre',
  ],
  ['FREQ=YEARLY;BYDAY=20MO', 'Every year on the 20th Monday', 'Cada año el 20.º lunes'],
  [
    'FREQ=YEARLY;BYDAY=-10SU',
    'Every year on the 10th-to-last Sunday',
    'Cada año el domingo 10.º desde el final',
  ],
  ['FREQ=MONTHLY;BYMONTH=1,7', 'Every month in January and July', 'Cada mes en enero y julio'],
  ['FREQ=DAILY;COUNT=1', 'Every day, once', 'Cada día, una vez'],
  ['FREQ=WEEKLY;BYDAY=SU;COUNT=10', 'Every Sunday, 10 times', 'Cada domingo, 10 veces'],
  [
    'FREQ=DAILY;UNTIL=20261231',
    'Every day, until December 31, 2026',
    'Cada día, hasta el 31 de diciembre de 2026',
  ],
  [
    'FREQ=MONTHLY;BYMONTHDAY=5;UNTIL=20270105T120000Z',
    'Every month on the 5th, until January 5, 2027',
    'Cada mes el día 5, hasta el 5 de enero de 2027',
  ],
];

describe('repeat_text', () => {
  it.each(rules)('%s in English', (rule, english) => {
    expect(inLanguage('en', () => repeatText(rule))).toBe(english);
  });

  it.each(rules)('%s in Spanish', (rule, _english, spanish) => {
    expect(inLanguage('es', () => repeatText(rule))).toBe(spanish);
  });

  it('has no words for no rule, or a rule Lumara does not read', () => {
    expect(repeatText(null)).toBeNull();
    expect(repeatText('FREQ=HOURLY')).toBeNull();
  });
});
