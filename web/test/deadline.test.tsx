// @vitest-environment happy-dom
// The words for a turn's time and the components that show them, at fixed
// moments: nothing here reads the real clock.

import { render } from "preact";
import { act } from "preact/test-utils";
import { describe, expect, it } from "vitest";
import { Countdown } from "../src/components/Countdown";
import { PlayedForYou } from "../src/components/PlayedForYou";
import { clockWords, duration, playedFor, untilWords } from "../src/deadline";
import type { GameEvent } from "../src/protocol";
import { seat } from "./fixtures";
import { freshRoot } from "./root";

let root: HTMLElement;
freshRoot((el) => {
  root = el;
});

const S = 1000;
const MIN = 60 * S;
const H = 60 * MIN;
const DAY = 24 * H;

/** at is a moment in the browser's local time: Saturday, December 5, 2026 at h:m. */
const at = (h: number, m = 0, day = 5) => new Date(2026, 11, day, h, m).getTime();

describe("duration", () => {
  it("says seconds under a minute, minutes and seconds under an hour", () => {
    expect(duration(0)).toBe("0 s");
    expect(duration(-5 * S)).toBe("0 s");
    expect(duration(44_200)).toBe("45 s");
    expect(duration(12 * MIN + 5 * S)).toBe("12 min 5 s");
  });

  it("says hours and minutes beyond, and days from two days on", () => {
    expect(duration(86_324 * S)).toBe("23 h 58 min");
    expect(duration(H + 5 * MIN)).toBe("1 h 05 min");
    expect(duration(36 * H)).toBe("36 h 00 min");
    expect(duration(2 * DAY + 23 * H + 59 * MIN)).toBe("2 days 23 h");
    expect(duration(3 * DAY)).toBe("3 days");
  });

  it("drops the seconds when coarse", () => {
    expect(duration(59 * S, true)).toBe("under a minute");
    expect(duration(12 * MIN + 59 * S, true)).toBe("12 min");
    expect(duration(23 * H + 58 * MIN + 30 * S, true)).toBe("23 h 58 min");
  });
});

describe("clockWords", () => {
  it("says today, tomorrow, the weekday, then the date", () => {
    const now = at(21, 15);
    expect(clockWords(at(23, 5), now)).toBe("23:05 today");
    expect(clockWords(at(9, 40, 6), now)).toBe("09:40 tomorrow");
    expect(clockWords(at(9, 40, 8), now)).toBe("09:40 on Tuesday");
    expect(clockWords(at(18, 0, 14), now)).toBe("18:00 on December 14");
  });

  it("names the people on turn", () => {
    const now = at(9, 42);
    expect(untilWords(["Bo"], at(9, 40, 6), now)).toBe("Bo has until 09:40 tomorrow");
    expect(untilWords(["Bo", "Cy"], at(21, 0), now)).toBe("Bo and Cy have until 21:00 today");
  });
});

const took = (who: string, n: number) => ({ id: "pile.took", v: { who, n } });
const ev = (seat: number, who: string, n: number): GameEvent => ({ type: "take", seat, text: "", msg: took(who, n) });
const standIn = (seat: number, who: string, n: number): GameEvent => ({
  type: "take",
  seat,
  text: "",
  msg: { id: "table.standIn", v: { who, line: took(who, n) } },
});

describe("playedFor", () => {
  it("reads the computer player's moves for a seat since its person's own move", () => {
    const log = [ev(0, "Ana", 5), ev(1, "Bo", 3), standIn(0, "Ana", 4), standIn(0, "Ana", 1), ev(1, "Bo", 6), standIn(0, "Ana", 2)];
    expect(playedFor(log, [1, 2, 3, 4, 5, 6], 0, "Ana")).toEqual({ lines: ["Ana took 4", "Ana took 1", "Ana took 2"], turns: 2, last: 6 });
    expect(playedFor(log.slice(0, 2), [1, 2], 0, "Ana")).toEqual({ lines: [], turns: 0, last: -1 });
  });
});

describe("Countdown", () => {
  const pace = { mode: "own" as const, limit: 86_400, rule: "computer" as const };
  const timer = () => root.querySelector('[data-testid="countdown"]');

  it("shows the person on turn the time left and, for screen readers, what happens then", () => {
    const now = at(9, 42);
    render(<Countdown mine={now + 86_324 * S} due={now + 86_324 * S} pace={pace} names={[]} at={now} />, root);
    expect(timer()?.textContent?.trim()).toBe("23 h 58 min left");
    expect(timer()?.getAttribute("aria-label")).toBe("23 h 58 min left; then a computer player moves for you");
    render(<Countdown mine={now + 40 * S} due={now + 40 * S} pace={{ ...pace, rule: "skip" }} names={[]} at={now} />, root);
    expect(timer()?.getAttribute("aria-label")).toBe("40 s left; then your turn is skipped");
  });

  it("shows the others until when the people on turn have, in local time", () => {
    const now = at(9, 42);
    render(<Countdown mine={0} due={at(9, 40, 6)} pace={pace} names={["Bo"]} at={now} />, root);
    expect(timer()?.textContent?.trim()).toBe("Bo has until 09:40 tomorrow");
  });

  it("shows the time left of the others at a live table", () => {
    const now = at(9, 42);
    render(<Countdown mine={0} due={now + 45 * S} pace={{ mode: "live" }} names={["Bo"]} at={now} />, root);
    expect(timer()?.textContent?.trim()).toBe("Bo has 45 s left");
  });

  it("shows nothing when no clock runs", () => {
    render(<Countdown mine={0} due={0} pace={pace} names={["Bo"]} at={at(9)} />, root);
    expect(timer()).toBeNull();
  });
});

describe("PlayedForYou", () => {
  const banner = () => root.querySelector('[data-testid="played-for-you"]');
  const log = [standIn(0, "Ana", 4), ev(1, "Bo", 6), standIn(0, "Ana", 2)];

  it("lists what the computer played for a returning person, and puts it away", () => {
    render(<PlayedForYou seat={seat(0, { name: "Ana", you: true })} log={log} versions={[1, 2, 3]} />, root);
    expect(banner()?.querySelector("p")?.textContent).toBe("The computer played your last 2 turns for you:");
    expect([...(banner()?.querySelectorAll("li") ?? [])].map((li) => li.textContent)).toEqual(["Ana took 4", "Ana took 2"]);
    const ok = banner()?.querySelector("button");
    expect(ok?.textContent).toBe("Got it");
    act(() => ok!.click());
    expect(banner()).toBeNull();
  });

  it("says on screen that the table waits for the person", () => {
    render(<PlayedForYou seat={seat(0, { name: "Ana", you: true, held: true })} log={log} versions={[1, 2, 3]} />, root);
    const words = banner()?.textContent ?? "";
    expect(words).toContain("The table waits for you: no clock runs until you move.");
    expect(banner()?.closest(".sr-only")).toBeNull();
  });

  it("shows nothing after the person's own move", () => {
    render(<PlayedForYou seat={seat(0, { name: "Ana", you: true })} log={[...log, ev(0, "Ana", 1)]} versions={[1, 2, 3, 4]} />, root);
    expect(banner()).toBeNull();
  });
});
