import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { datePickerMachine, monthSheet, type DatePickerInput } from '../src/dates/date-picker-machine';

function startPicker(input: DatePickerInput) {
  const actor = createActor(datePickerMachine, { input }).start();
  const chosen: string[] = [];
  actor.on('chosen', ({ date }) => chosen.push(date));
  return { actor, chosen, cursor: () => actor.getSnapshot().context.cursor };
}

describe('the date picker machine', () => {
  it('opens on the current value and closes on Escape without choosing', () => {
    const { actor, chosen, cursor } = startPicker({ value: '2026-11-23' });
    expect(actor.getSnapshot().matches('closed')).toBe(true);
    actor.send({ type: 'open' });
    expect(actor.getSnapshot().matches('open')).toBe(true);
    expect(cursor()).toBe('2026-11-23');
    actor.send({ type: 'cursor.days', days: 3 });
    actor.send({ type: 'close' });
    expect(actor.getSnapshot().matches('closed')).toBe(true);
    expect(chosen).toEqual([]);
    expect(actor.getSnapshot().context.value).toBe('2026-11-23');
  });

  it('moves the cursor by days, weeks, months and years as the keys ask, across month ends', () => {
    const { actor, cursor } = startPicker({ value: '2026-11-30' });
    actor.send({ type: 'open' });
    actor.send({ type: 'cursor.days', days: 1 });
    expect(cursor()).toBe('2026-12-01');
    actor.send({ type: 'cursor.days', days: -7 });
    expect(cursor()).toBe('2026-11-24');
    actor.send({ type: 'cursor.months', months: 3 });
    expect(cursor()).toBe('2027-02-24');
    actor.send({ type: 'cursor.months', months: -12 });
    expect(cursor()).toBe('2026-02-24');
  });

  it('keeps the day within the target month (31 January plus a month is 28 February)', () => {
    const { actor, cursor } = startPicker({ value: '2027-01-31' });
    actor.send({ type: 'open' });
    actor.send({ type: 'cursor.months', months: 1 });
    expect(cursor()).toBe('2027-02-28');
  });

  it('goes to the Monday and the Sunday of the week on Home and End', () => {
    const { actor, cursor } = startPicker({ value: '2026-11-26' }); // a Thursday
    actor.send({ type: 'open' });
    actor.send({ type: 'cursor.weekStart' });
    expect(cursor()).toBe('2026-11-23');
    actor.send({ type: 'cursor.weekEnd' });
    expect(cursor()).toBe('2026-11-29');
  });

  it('chooses the cursor on Enter, or the clicked day, emits it and closes', () => {
    const { actor, chosen } = startPicker({ value: '2026-11-23' });
    actor.send({ type: 'open' });
    actor.send({ type: 'cursor.days', days: 2 });
    actor.send({ type: 'choose' });
    expect(chosen).toEqual(['2026-11-25']);
    expect(actor.getSnapshot().matches('closed')).toBe(true);
    actor.send({ type: 'open' });
    expect(actor.getSnapshot().context.cursor).toBe('2026-11-25');
    actor.send({ type: 'choose', date: '2026-12-24' });
    expect(chosen).toEqual(['2026-11-25', '2026-12-24']);
  });

  it('opens on a value its owner set meanwhile', () => {
    const { actor, cursor } = startPicker({ value: '2026-11-23' });
    actor.send({ type: 'value.set', value: '2027-03-01' });
    actor.send({ type: 'open' });
    expect(cursor()).toBe('2027-03-01');
  });

  it('keeps the cursor within min and max and refuses a day outside', () => {
    const { actor, chosen, cursor } = startPicker({
      value: '2026-11-23',
      min: '2026-11-20',
      max: '2026-12-05',
    });
    actor.send({ type: 'open' });
    actor.send({ type: 'cursor.days', days: -7 });
    expect(cursor()).toBe('2026-11-20');
    actor.send({ type: 'cursor.months', months: 1 });
    expect(cursor()).toBe('2026-12-05');
    actor.send({ type: 'choose', date: '2026-12-06' });
    expect(chosen).toEqual([]);
    expect(actor.getSnapshot().matches('open')).toBe(true);
  });

  it('follows bounds its owner moved meanwhile', () => {
    // "Bis" takes "Von" as its earliest day; moving "Von" later moves that bound.
    const { actor, chosen, cursor } = startPicker({ value: '2026-11-23', min: '2026-11-20' });
    actor.send({ type: 'bounds.set', min: '2026-11-25', max: undefined });
    actor.send({ type: 'open' });
    expect(cursor()).toBe('2026-11-25');
    actor.send({ type: 'choose', date: '2026-11-24' });
    expect(chosen).toEqual([]);
    actor.send({ type: 'cursor.days', days: 30 });
    expect(cursor()).toBe('2026-12-25');
  });

  it('does not react to keys while closed', () => {
    const { actor, cursor } = startPicker({ value: '2026-11-23' });
    actor.send({ type: 'cursor.days', days: 5 });
    actor.send({ type: 'choose' });
    expect(cursor()).toBe('2026-11-23');
    expect(actor.getSnapshot().matches('closed')).toBe(true);
  });
});

describe('the month sheet', () => {
  it('shows six Monday-first weeks that contain the whole month', () => {
    const sheet = monthSheet('2026-11-23');
    expect(sheet).toHaveLength(6);
    expect(sheet.every((week) => week.length === 7)).toBe(true);
    expect(sheet[0]?.[0]).toBe('2026-10-26'); // the Monday before Sunday 1 November
    const days = sheet.flat();
    expect(days).toContain('2026-11-01');
    expect(days).toContain('2026-11-30');
    expect(new Set(days).size).toBe(42);
  });
});
