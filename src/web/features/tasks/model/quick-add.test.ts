import { describe, expect, it } from 'vitest';
import { parseQuickAdd, type QuickAddPart } from './quick-add.ts';

/** Thursday 17 December 2026, 10:00 on the browser's clock. */
const now = new Date(2026, 11, 17, 10, 0);

function read(text: string, language: 'en' | 'es' = 'en', ignore: QuickAddPart[] = []) {
  const parsed = parseQuickAdd(text, { now, language, ignore: new Set(ignore) });
  return (
    parsed && {
      title: parsed.title,
      due_date: parsed.due_date,
      due_time: parsed.due_time,
      repeat: parsed.repeat,
    }
  );
}

describe('parseQuickAdd in English', () => {
  it('reads the examples the form promises', () => {
    expect(read('pay rent every 1st')).toEqual({
      title: 'pay rent',
      due_date: '2027-01-01',
      due_time: null,
      repeat: 'FREQ=MONTHLY;BYMONTHDAY=1',
    });
    // Thursday at 10:00: the first Monday or Wednesday is Monday the 21st.
    expect(read('gym every mon wed 7am')).toEqual({
      title: 'gym',
      due_date: '2026-12-21',
      due_time: '07:00',
      repeat: 'FREQ=WEEKLY;BYDAY=MO,WE',
    });
    expect(read('call Ana tomorrow 5pm')).toEqual({
      title: 'call Ana',
      due_date: '2026-12-18',
      due_time: '17:00',
      repeat: null,
    });
  });

  it('reads repeats of every kind, each starting on its first occurrence from today', () => {
    expect(read('stretch every day')).toMatchObject({
      title: 'stretch',
      due_date: '2026-12-17',
      repeat: 'FREQ=DAILY',
    });
    expect(read('water plants every 3 days')).toMatchObject({
      title: 'water plants',
      due_date: '2026-12-17',
      repeat: 'FREQ=DAILY;INTERVAL=3',
    });
    expect(read('standup every weekday')).toMatchObject({
      due_date: '2026-12-17',
      repeat: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR',
    });
    expect(read('review every last friday')).toMatchObject({
      title: 'review',
      due_date: '2026-12-25',
      repeat: 'FREQ=MONTHLY;BYDAY=-1FR',
    });
    expect(read('club every 2nd tuesday of the month')).toMatchObject({
      title: 'club',
      due_date: '2027-01-12',
      repeat: 'FREQ=MONTHLY;BYDAY=2TU',
    });
    expect(read('payroll every other friday')).toMatchObject({
      due_date: '2026-12-18',
      repeat: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=FR',
    });
    expect(read('invoice every month')).toMatchObject({
      due_date: '2026-12-17',
      repeat: 'FREQ=MONTHLY;BYMONTHDAY=17',
    });
    expect(read('close books every last day of the month')).toMatchObject({
      due_date: '2026-12-31',
      repeat: 'FREQ=MONTHLY;BYMONTHDAY=-1',
    });
    expect(read('taxes every year')).toMatchObject({ repeat: 'FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=17' });
    expect(read('backup weekly')).toMatchObject({ title: 'backup', repeat: 'FREQ=WEEKLY;BYDAY=TH' });
  });

  it('starts a repeat tomorrow when its time has passed today', () => {
    expect(read('journal every day 8am')).toMatchObject({ due_date: '2026-12-18', due_time: '08:00' });
    expect(read('journal every day 9pm')).toMatchObject({ due_date: '2026-12-17', due_time: '21:00' });
  });

  it('puts a time with no date today, or tomorrow once it has passed', () => {
    expect(read('call the bank at 4pm')).toEqual({
      title: 'call the bank',
      due_date: '2026-12-17',
      due_time: '16:00',
      repeat: null,
    });
    expect(read('gym 7am')).toMatchObject({ title: 'gym', due_date: '2026-12-18', due_time: '07:00' });
  });

  it('takes away the little words that tied the date to the title', () => {
    expect(read('send the report by friday')).toMatchObject({
      title: 'send the report',
      due_date: '2026-12-18',
    });
    expect(read('dentist next tuesday at 3:30pm')).toMatchObject({
      title: 'dentist',
      due_date: '2026-12-22',
      due_time: '15:30',
    });
  });

  it('leaves a title without a date as it is', () => {
    expect(read('buy sun cream')).toBeNull();
    expect(read('review march plan')).toBeNull();
    expect(read('buy 2 eggs')).toBeNull();
    // Nothing but a date: that is the title.
    expect(read('tomorrow')).toBeNull();
  });

  it('keeps the words of a part the member took away', () => {
    expect(read('call Ana tomorrow 5pm', 'en', ['time'])).toEqual({
      title: 'call Ana 5pm',
      due_date: '2026-12-18',
      due_time: null,
      repeat: null,
    });
    expect(read('call Ana tomorrow 5pm', 'en', ['date'])).toEqual({
      title: 'call Ana tomorrow',
      due_date: '2026-12-17',
      due_time: '17:00',
      repeat: null,
    });
    expect(read('pay rent every 1st', 'en', ['repeat'])).toBeNull();
  });
});

describe('parseQuickAdd in Spanish', () => {
  it('reads the examples the form promises', () => {
    expect(read('regar plantas cada 3 días', 'es')).toEqual({
      title: 'regar plantas',
      due_date: '2026-12-17',
      due_time: null,
      repeat: 'FREQ=DAILY;INTERVAL=3',
    });
    expect(read('reunión el viernes 10:00', 'es')).toEqual({
      title: 'reunión',
      due_date: '2026-12-18',
      due_time: '10:00',
      repeat: null,
    });
  });

  it('reads Spanish repeats', () => {
    expect(read('gimnasio cada lunes', 'es')).toMatchObject({
      title: 'gimnasio',
      due_date: '2026-12-21',
      repeat: 'FREQ=WEEKLY;BYDAY=MO',
    });
    expect(read('yoga todos los días', 'es')).toMatchObject({ title: 'yoga', repeat: 'FREQ=DAILY' });
    expect(read('clase los martes y jueves a las 18:00', 'es')).toMatchObject({
      title: 'clase',
      due_date: '2026-12-17',
      due_time: '18:00',
      repeat: 'FREQ=WEEKLY;BYDAY=TU,TH',
    });
    expect(read('revisar cada último viernes', 'es')).toMatchObject({
      title: 'revisar',
      repeat: 'FREQ=MONTHLY;BYDAY=-1FR',
    });
    expect(read('pagar arriendo el 1 de cada mes', 'es')).toMatchObject({
      title: 'pagar arriendo',
      due_date: '2027-01-01',
      repeat: 'FREQ=MONTHLY;BYMONTHDAY=1',
    });
    expect(read('informe cada día laborable', 'es')).toMatchObject({
      title: 'informe',
      repeat: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR',
    });
    expect(read('seguro cada año', 'es')).toMatchObject({ repeat: 'FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=17' });
    expect(read('limpiar cada dos semanas', 'es')).toMatchObject({
      repeat: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TH',
    });
  });

  it('reads Spanish dates and times', () => {
    expect(read('llamar a Ana mañana a las 17:00', 'es')).toEqual({
      title: 'llamar a Ana',
      due_date: '2026-12-18',
      due_time: '17:00',
      repeat: null,
    });
    expect(read('cita pasado mañana', 'es')).toMatchObject({ title: 'cita', due_date: '2026-12-19' });
    expect(read('cena 25 de diciembre', 'es')).toMatchObject({ title: 'cena', due_date: '2026-12-25' });
    expect(read('ir al mar', 'es')).toBeNull();
  });

  it('reads either language whatever the interface shows', () => {
    expect(read('regar plantas cada 3 días', 'en')).toMatchObject({ repeat: 'FREQ=DAILY;INTERVAL=3' });
    expect(read('reunión el viernes 10:00', 'en')).toMatchObject({
      title: 'reunión',
      due_date: '2026-12-18',
    });
    expect(read('call Ana tomorrow 5pm', 'es')).toMatchObject({ title: 'call Ana', due_date: '2026-12-18' });
  });
});
