import { describe, expect, it } from 'vitest';
import { clickDispatchMs, type TraceEvent } from '../../../bench/click-dispatch.ts';

const dispatch = (type: string, ts: number, dur: number): TraceEvent => ({
  name: 'EventDispatch',
  ph: 'X',
  ts,
  dur,
  args: { data: { type } },
});

// A tap as a trace of one on the program page reads (microseconds): its pointer and mouse events,
// then the click, whose dispatch holds the handlers and the style and layout they force.
const tap: TraceEvent[] = [
  { name: 'RunTask', ph: 'X', ts: 0, dur: 60_000 },
  dispatch('pointerdown', 100, 4_900),
  dispatch('mousedown', 18_400, 100),
  dispatch('click', 20_800, 45_650),
  dispatch('submit', 23_000, 20_000),
  dispatch('click', 90_000, 5_000), // a later click: not the tap's
];

describe('clickDispatchMs', () => {
  it("is the first click's dispatch, to a tenth of a millisecond", () => {
    expect(clickDispatchMs(tap)).toBe(45.7);
  });

  it('says what is missing from a trace without a click', () => {
    expect(() => clickDispatchMs(tap.filter((event) => event.args?.data?.type !== 'click'))).toThrow(/no click/);
  });
});
