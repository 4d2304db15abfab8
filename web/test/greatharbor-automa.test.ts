import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { automaLines, nextCardWords, pace, STEP_MS } from "../src/games/greatharbor/AutomaTurn";
import { decodeView, DISTRICT, type AutomaTurn } from "../src/games/greatharbor/view";
import fixture from "./greatharbor-view.json";

describe("the Automa's turn paced step by step", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("shows the first step at once, then one more every STEP_MS until all show", () => {
    const seen: number[] = [];
    pace(4, STEP_MS, (n) => seen.push(n));
    expect(seen).toEqual([1]);
    vi.advanceTimersByTime(STEP_MS - 1);
    expect(seen).toEqual([1]);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual([1, 2]);
    vi.advanceTimersByTime(STEP_MS * 2);
    expect(seen).toEqual([1, 2, 3, 4]);
    vi.advanceTimersByTime(STEP_MS * 5);
    expect(seen).toEqual([1, 2, 3, 4]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("shows every step at once on request and stops the clock", () => {
    const seen: number[] = [];
    const p = pace(5, STEP_MS, (n) => seen.push(n));
    vi.advanceTimersByTime(STEP_MS);
    p.showAll();
    expect(seen).toEqual([1, 2, 5]);
    vi.advanceTimersByTime(STEP_MS * 5);
    expect(seen).toEqual([1, 2, 5]);
    p.showAll();
    expect(seen).toEqual([1, 2, 5]);
  });

  it("stops when the screen moves on", () => {
    const seen: number[] = [];
    const p = pace(3, STEP_MS, (n) => seen.push(n));
    p.stop();
    vi.advanceTimersByTime(STEP_MS * 3);
    expect(seen).toEqual([1]);
  });

  it("needs no clock for a single step or none", () => {
    const seen: number[] = [];
    pace(1, STEP_MS, (n) => seen.push(n));
    pace(0, STEP_MS, (n) => seen.push(n));
    expect(seen).toEqual([1, 0]);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe("the Automa's turn in words", () => {
  const v = decodeView(fixture.view);
  const base: AutomaTurn = {
    seq: 3,
    round: 0,
    turn: 1,
    skipped: [{ colour: 2, up: true, tile: "FORUM" }],
    skippedN: 1,
    card: { colour: 1, up: false, tile: "SAILMAKER" },
    die: 6,
    colour: 1,
    face: 2,
    slot: 4,
    space: 4,
    steps: [
      { why: "space", other: 0, kind: "colonist", value: 0, card: -1, done: true },
      { why: "link", other: 0, kind: "ship", value: 0, card: 3, done: true },
    ],
  };

  it("reads the engine's record from the view", () => {
    const last = v.automa?.last;
    expect(last).not.toBeNull();
    expect(last!.seq).toBeGreaterThan(0);
    expect(automaLines(v, last!).length).toBeGreaterThanOrEqual(4);
  });

  it("tells the card set aside, the card, the die, the slot, the track and each step with its reason", () => {
    const lines = automaLines(v, base);
    expect(lines.map((l) => l.text)).toEqual([
      "Turns over a card: Blue ▲, Forum",
      "Turns over a card: Yellow ▼, Sailmaker",
      "Takes a yellow 2",
      "Puts it on the slot between the Blacksmith Avenue and the Shipyard",
      "Moves its yellow marker to space 4",
      "Gains a Colonist",
      expect.stringMatching(/^Takes the Ship /),
    ]);
    expect(lines[0]!.why).toMatch(/No blue die is left/);
    expect(lines[2]!.why).toMatch(/lowest yellow die/);
    expect(lines[6]!.why).toMatch(/yellow and red markers both reached row 4/);
    for (const l of lines) expect(l.why).not.toBe("");
  });

  it("says the District, a full track and a space with nothing to take", () => {
    const district = automaLines(v, {
      ...base,
      skipped: [],
      skippedN: 0,
      slot: DISTRICT,
      steps: [{ why: "full", other: 0, kind: "prestige", value: 1, card: -1, done: true }],
    });
    expect(district.map((l) => l.text)).toEqual([
      "Turns over a card: Yellow ▼, Sailmaker",
      "Takes a yellow 2",
      "Puts it in the Smuggler's District and gains 1 Smuggler token",
      "Gains 1 Prestige",
    ]);
    expect(district[3]!.why).toMatch(/already at the top/);
    const none = automaLines(v, { ...base, steps: [{ why: "space", other: 0, kind: "ship", value: 0, card: -1, done: false }] });
    expect(none[none.length - 1]!.text).toBe("Would take a Ship, but none is on offer");
  });

  it("counts cards set aside past the first four", () => {
    const many = automaLines(v, { ...base, skippedN: 6 });
    expect(many[1]!.text).toBe("Sets aside 5 more cards");
  });

  it("says the next card in plain words", () => {
    expect(nextCardWords(1, false)).toBe("Its next card will take the lowest yellow die (Yellow ▼ on its back).");
  });
});
