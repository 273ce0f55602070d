import { localToday } from '@vaidya/contract/calendar-dates';
import { describe, expect, it } from 'vitest';
import { freeSlots } from './slot-arithmetic';

const morningAndEvening = [
  { start: '17:00', end: '20:00' },
  { start: '10:00', end: '13:00' },
];

const starts = (slots: { start: string }[]) => slots.map((slot) => slot.start);

describe('freeSlots', () => {
  it('cuts each session into slots of the slot size, sorted by start across sessions', () => {
    const slots = freeSlots({ sessions: morningAndEvening, slotSize: 15, offPeriods: [], taken: [] });
    expect(slots).toHaveLength(24);
    expect(slots.slice(0, 2)).toEqual([
      { start: '10:00', end: '10:15' },
      { start: '10:15', end: '10:30' },
    ]);
    expect(slots[11]).toEqual({ start: '12:45', end: '13:00' });
    expect(slots[12]).toEqual({ start: '17:00', end: '17:15' });
    expect(slots.at(-1)).toEqual({ start: '19:45', end: '20:00' });
  });

  it('leaves out every slot that overlaps an off period, even partly', () => {
    const slots = freeSlots({
      sessions: morningAndEvening,
      slotSize: 15,
      offPeriods: [
        { start: '11:10', end: '11:40' },
        { start: '17:00', end: '20:00' },
      ],
      taken: [],
    });
    expect(starts(slots)).toEqual([
      '10:00',
      '10:15',
      '10:30',
      '10:45',
      '11:45',
      '12:00',
      '12:15',
      '12:30',
      '12:45',
    ]);
  });

  it('keeps a slot that only touches an off period at its edge', () => {
    const slots = freeSlots({
      sessions: [{ start: '10:00', end: '11:00' }],
      slotSize: 15,
      offPeriods: [{ start: '10:15', end: '10:30' }],
      taken: [],
    });
    expect(starts(slots)).toEqual(['10:00', '10:30', '10:45']);
  });

  it('leaves out taken start times', () => {
    const slots = freeSlots({
      sessions: [{ start: '10:00', end: '11:00' }],
      slotSize: 15,
      offPeriods: [],
      taken: ['10:15', '10:45', '17:00'],
    });
    expect(starts(slots)).toEqual(['10:00', '10:30']);
  });

  it('leaves out slots starting before notBefore, keeping one that starts exactly then', () => {
    const slots = freeSlots({
      sessions: morningAndEvening,
      slotSize: 15,
      offPeriods: [],
      taken: [],
      notBefore: '19:15',
    });
    expect(starts(slots)).toEqual(['19:15', '19:30', '19:45']);
    const midSlot = freeSlots({
      sessions: morningAndEvening,
      slotSize: 15,
      offPeriods: [],
      taken: [],
      notBefore: '19:16',
    });
    expect(starts(midSlot)).toEqual(['19:30', '19:45']);
  });

  it('drops the last piece of a session when the slot size does not divide it', () => {
    const slots = freeSlots({
      sessions: [{ start: '10:00', end: '11:00' }],
      slotSize: 25,
      offPeriods: [],
      taken: [],
    });
    expect(slots).toEqual([
      { start: '10:00', end: '10:25' },
      { start: '10:25', end: '10:50' },
    ]);
  });

  it('has no slots for a session shorter than one slot, or for no sessions', () => {
    expect(
      freeSlots({ sessions: [{ start: '10:00', end: '10:10' }], slotSize: 15, offPeriods: [], taken: [] }),
    ).toEqual([]);
    expect(freeSlots({ sessions: [], slotSize: 15, offPeriods: [], taken: [] })).toEqual([]);
  });

  it('has no slots when the whole day is off', () => {
    expect(
      freeSlots({
        sessions: morningAndEvening,
        slotSize: 15,
        offPeriods: [{ start: '00:00', end: '23:59' }],
        taken: [],
      }),
    ).toEqual([]);
  });
});

describe('localToday', () => {
  it('gives the date and time in the partner’s zone, which can be the next day after UTC midnight', () => {
    // 19:00 UTC is 00:30 the next morning in India (UTC+05:30).
    const now = new Date('2026-03-31T19:00:00Z');
    expect(localToday('Asia/Kolkata', now)).toEqual({ date: '2026-04-01', time: '00:30' });
    expect(localToday('UTC', now)).toEqual({ date: '2026-03-31', time: '19:00' });
  });

  it('gives the previous day in a zone behind UTC just after UTC midnight', () => {
    const now = new Date('2026-01-01T00:10:00Z');
    expect(localToday('America/New_York', now)).toEqual({ date: '2025-12-31', time: '19:10' });
  });

  it('writes midnight as 00:00, not 24:00', () => {
    expect(localToday('Asia/Kolkata', new Date('2026-06-14T18:30:00Z'))).toEqual({
      date: '2026-06-15',
      time: '00:00',
    });
  });
});
