// The gallery's frame clock (docs/gallery.md). Some parts of Harbor's screens
// change on a timer rather than on a frame from the server: a change of money
// shown for a while, a notice dismissed after some seconds, the TV's key
// turning its pages, a turn's countdown. On the real clock how many of those
// fire while a game is fed depends on how fast the machine draws, and so does
// the layout shift summed over the game. The frame clock stands in for the
// page's clock: Date.now and performance.now stand still, and a timer falls
// due only when the runner moves the clock on, by the same step after every
// frame of a game. A timer of no delay still runs at once (the real page's
// own scheduling, such as Preact's effects, waits on those).

/** the globals the clock stands in for */
export interface Clocked {
  setTimeout: typeof globalThis.setTimeout;
  clearTimeout: typeof globalThis.clearTimeout;
  setInterval: typeof globalThis.setInterval;
  clearInterval: typeof globalThis.clearInterval;
  Date: { now(): number };
  performance: { now(): number };
}

export interface FrameClock {
  /** elapsed is how far the clock has been moved on since it was put in, in ms. */
  elapsed(): number;
  /** due is how many timers are due now and waiting for their turn (timers of no delay, which run at once). */
  due(): number;
  /** advance moves the clock on by ms, running each timer that falls due on the way at its own time, earliest first, and says how many ran. */
  advance(ms: number): number;
}

interface Timer {
  due: number;
  /** the period of an interval, 0 for a timeout */
  every: number;
  run: () => void;
}

/**
 * installFrameClock puts the frame clock in place of g's timers and clocks,
 * starting from the times they tell now. Timers already set keep running on
 * the real clock.
 */
export function installFrameClock(g: Clocked): FrameClock {
  const realSetTimeout = g.setTimeout.bind(g);
  const dateStart = g.Date.now();
  const perfStart = g.performance.now();
  let elapsed = 0;
  let last = 0;
  const timers = new Map<number, Timer>();

  const add = (fn: unknown, ms: unknown, every: boolean, args: unknown[]): number => {
    if (typeof fn !== "function") throw new TypeError("the frame clock runs functions only");
    const id = ++last;
    const delay = Math.max(0, Number(ms) || 0);
    timers.set(id, { due: elapsed + delay, every: every ? Math.max(1, delay) : 0, run: () => fn(...args) });
    // A timer due now runs on the real clock's next turn, as the browser would run it.
    if (delay === 0) realSetTimeout(() => fire(id));
    return id;
  };
  const fire = (id: number) => {
    const t = timers.get(id);
    if (!t || t.due > elapsed) return;
    if (t.every) t.due += t.every;
    else timers.delete(id);
    try {
      t.run();
    } catch (e) {
      // As a browser does, report the error and go on with the other timers.
      realSetTimeout(() => {
        throw e;
      });
    }
  };
  const clear = (id: unknown) => void timers.delete(Number(id));

  g.setTimeout = ((fn: unknown, ms?: unknown, ...args: unknown[]) => add(fn, ms, false, args)) as typeof g.setTimeout;
  g.setInterval = ((fn: unknown, ms?: unknown, ...args: unknown[]) => add(fn, ms, true, args)) as typeof g.setInterval;
  g.clearTimeout = clear as typeof g.clearTimeout;
  g.clearInterval = clear as typeof g.clearInterval;
  g.Date.now = () => dateStart + elapsed;
  g.performance.now = () => perfStart + elapsed;

  return {
    elapsed: () => elapsed,
    due() {
      let n = 0;
      for (const t of timers.values()) if (t.due <= elapsed) n++;
      return n;
    },
    advance(ms: number): number {
      const until = elapsed + Math.max(0, ms);
      let ran = 0;
      for (;;) {
        let next: [number, Timer] | undefined;
        for (const e of timers) if (e[1].due <= until && (!next || e[1].due < next[1].due)) next = e;
        if (!next) break;
        elapsed = Math.max(elapsed, next[1].due);
        fire(next[0]);
        ran++;
      }
      elapsed = until;
      return ran;
    },
  };
}
