import { describe, expect, it } from "vitest";
import { applyPatch, PatchError, StateChain } from "../src/patch";
import { decodeState } from "../src/protocol";
import served from "./patches.json";

describe("applyPatch", () => {
  // The patches the server makes for these pairs (table/patch_test.go).
  const cases: [unknown, unknown, unknown][] = [
    [{ a: 1, b: 2 }, {}, { a: 1, b: 2 }],
    [{ a: 1, b: 2 }, { b: [3] }, { a: 1, b: 3 }],
    [{ a: 1, b: 2 }, { b: [] }, { a: 1 }],
    [{ a: 1 }, { b: [null] }, { a: 1, b: null }],
    [{ a: { x: [1, 2, 3], y: "s" } }, { a: { x: { "2": [0] } } }, { a: { x: [1, 2, 0], y: "s" } }],
    [{ a: [1, 2, 3] }, { a: { n: 2 } }, { a: [1, 2] }],
    [{ a: ["p", "q"] }, { a: { n: 3, "2": ["r"] } }, { a: ["p", "q", "r"] }],
    [{ a: { k: 1 } }, { a: [[1]] }, { a: [1] }],
  ];
  it.each(cases)("turns %j with %j into %j", (before, patch, after) => {
    const kept = JSON.stringify(before);
    expect(applyPatch(before, patch)).toEqual(after);
    expect(JSON.stringify(before)).toBe(kept); // the value given is left as it was
  });

  it("shares what the patch does not touch", () => {
    const before = { a: { deep: [1] }, b: { c: 1 } };
    const after = applyPatch(before, { b: { c: [2] } }) as typeof before;
    expect(after.a).toBe(before.a);
    expect(after.b).not.toBe(before.b);
  });

  it("refuses a patch that does not fit", () => {
    for (const [v, p] of [
      [{ a: 1 }, { a: { b: [1] } }],
      [{ a: [1] }, { a: { "3": [1] } }],
      [{ a: [1] }, { a: { n: 3, "1": [2] } }],
      [{ a: [1] }, { a: { "0": [] } }],
      [{ a: 1 }, { a: [1, 2] }],
      [{ a: 1 }, "x"],
    ] as [unknown, unknown][]) {
      expect(() => applyPatch(v, p)).toThrow(PatchError);
    }
  });

  it("sets a member named __proto__ as a member", () => {
    const out = applyPatch({}, JSON.parse('{"__proto__":[{"x":1}]}')) as Record<string, unknown>;
    expect(Object.keys(out)).toEqual(["__proto__"]);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});

describe("StateChain", () => {
  const full = { t: "state", v: 1, f: 5, d: { view: { cash: 10, hand: [1, 2] }, legal: [] } };

  it("rebuilds each state from the patch that names the last", () => {
    const c = new StateChain();
    expect(c.take(full).env).toBe(full);
    const { env, ask } = c.take({ t: "patch", v: 2, f: 6, d: { b: 5, p: { view: { cash: [12] } } } });
    expect(ask).toBe(false);
    expect(env).toEqual({ t: "state", v: 2, f: 6, d: { view: { cash: 12, hand: [1, 2] }, legal: [] } });
    // What the page is given is its own: changing it does not change the chain.
    (env!.d as { view: { hand: number[] } }).view.hand.push(9);
    expect(c.take({ t: "patch", v: 3, f: 7, d: { b: 6, p: { view: { cash: [13] } } } }).env?.d).toEqual({ view: { cash: 13, hand: [1, 2] }, legal: [] });
  });

  it("asks once for the whole state after a gap and carries on from it", () => {
    const c = new StateChain();
    c.take(full);
    expect(c.take({ t: "patch", v: 3, f: 7, d: { b: 6, p: {} } })).toEqual({ env: null, ask: true });
    expect(c.take({ t: "patch", v: 4, f: 8, d: { b: 7, p: {} } })).toEqual({ env: null, ask: false });
    c.take({ ...full, v: 4, f: 8 });
    expect(c.take({ t: "patch", v: 5, f: 9, d: { b: 8, p: { legal: [[{ type: "roll" }]] } } }).env?.d).toEqual({
      view: { cash: 10, hand: [1, 2] },
      legal: [{ type: "roll" }],
    });
  });

  it("asks when a patch does not fit the state it names", () => {
    const c = new StateChain();
    c.take(full);
    expect(c.take({ t: "patch", v: 2, f: 6, d: { b: 5, p: { view: { hand: { "7": [1] } } } } }).ask).toBe(true);
  });

  it("passes other messages as they are", () => {
    const lobby = { t: "lobby", v: 0, d: {} };
    expect(new StateChain().take(lobby)).toEqual({ env: lobby, ask: false });
  });
});

describe("the server's patches of real games", () => {
  // Written by the server's own code: go test ./table -run TestPatchFixture -update
  const fixtures = served as { game: string; first: unknown; patches: unknown[]; last: unknown; events: unknown[][] }[];
  it.each(fixtures.map((f) => [f.game, f] as const))("%s: the patches rebuild the last state", (_, f) => {
    let state = f.first;
    for (const p of f.patches) state = applyPatch(state, p);
    expect(state).toEqual(f.last);
    expect(f.patches.length).toBeGreaterThan(5);
  });

  it.each(fixtures.map((f) => [f.game, f] as const))("%s: each state's events read back whole, names and all", (_, f) => {
    const states = [f.first];
    for (const p of f.patches) states.push(applyPatch(states[states.length - 1], p));
    expect(states.map((s) => decodeState(s, f.game).events)).toEqual(f.events);
    // The states send their seats' names once and leave an event's own seat's out of its message.
    let left = 0;
    for (const s of states as { events: unknown[] | null; names: string[] }[]) {
      for (const [, seat, msg] of (s.events ?? []) as [string, number, { who?: unknown }][]) {
        if (seat < 0 || typeof msg !== "object") continue;
        expect(msg.who).not.toBe(s.names[seat]);
        if (msg.who === undefined) left++;
      }
    }
    expect(left).toBeGreaterThan(0);
  });
});
