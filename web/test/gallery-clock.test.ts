// The gallery's frame clock: the page's timers fall due only as the clock is
// moved on, each at its own time and in order, so the same frames always run
// the same timers whatever the speed of the machine.

import { describe, expect, it } from "vitest";
import { type Clocked, installFrameClock } from "../gallery/clock";

function globals(): Clocked {
  return {
    setTimeout,
    clearTimeout,
    setInterval,
    clearInterval,
    Date: { now: () => 1_780_000_000_000 },
    performance: { now: () => 250 },
  };
}

describe("frame clock", () => {
  it("stands still until it is moved on, then tells the time moved", () => {
    const g = globals();
    const clock = installFrameClock(g);
    expect(g.Date.now()).toBe(1_780_000_000_000);
    expect(g.performance.now()).toBe(250);
    clock.advance(500);
    expect(g.Date.now()).toBe(1_780_000_000_500);
    expect(g.performance.now()).toBe(750);
    expect(clock.elapsed()).toBe(500);
  });

  it("runs a timer only when the clock passes its time, at that time", () => {
    const g = globals();
    const clock = installFrameClock(g);
    const ran: number[] = [];
    g.setTimeout(() => ran.push(g.Date.now() - 1_780_000_000_000), 2500);
    expect(clock.advance(2000)).toBe(0);
    expect(ran).toEqual([]);
    expect(clock.advance(2000)).toBe(1);
    expect(ran).toEqual([2500]);
    expect(clock.elapsed()).toBe(4000);
  });

  it("runs the timers due in one step earliest first, repeats an interval, and forgets a cleared one", () => {
    const g = globals();
    const clock = installFrameClock(g);
    const ran: string[] = [];
    g.setTimeout(() => ran.push("late"), 1500);
    const tick = g.setInterval(() => ran.push(`tick ${g.performance.now() - 250}`), 1000);
    g.setTimeout(() => ran.push("early"), 300);
    const gone = g.setTimeout(() => ran.push("gone"), 200);
    g.clearTimeout(gone);
    expect(clock.advance(2000)).toBe(4);
    expect(ran).toEqual(["early", "tick 1000", "late", "tick 2000"]);
    g.clearInterval(tick);
    expect(clock.advance(5000)).toBe(0);
  });

  it("runs a timer set while another runs when it falls due in the same step", () => {
    const g = globals();
    const clock = installFrameClock(g);
    const ran: number[] = [];
    g.setTimeout(() => {
      ran.push(clock.elapsed());
      g.setTimeout(() => ran.push(clock.elapsed()), 100);
    }, 100);
    expect(clock.advance(500)).toBe(2);
    expect(ran).toEqual([100, 200]);
  });

  it("runs a timer of no delay without being moved on, and counts it as due until then", async () => {
    const g = globals();
    const clock = installFrameClock(g);
    g.setTimeout(() => {}, 1000);
    const ran = new Promise<number>((ok) => g.setTimeout(() => ok(clock.elapsed()), 0));
    expect(clock.due()).toBe(1);
    expect(await ran).toBe(0);
    expect(clock.due()).toBe(0);
  });
});
