import { describe, expect, it } from "vitest";
import { diePips, placeMoves, slotsFor, splitOptions, tierFor } from "../src/games/greatharbor/split";
import { decodeView, DISTRICT } from "../src/games/greatharbor/view";
import type { Move } from "../src/protocol";
import sample from "./greatharbor-view.json";

const v = decodeView(sample.view);
const legal = sample.legal as Move[];
// Die 5 is Ana's yellow 3; slot 5 lies between Sailmaker (cell 2, fee 5) and Colonists' Office (cell 5, no fee), with one Shop beside it.

describe("tierFor", () => {
  it.each([
    [0, 0, 0],
    [1, 0, 1],
    [2, 0, 1],
    [3, 0, 2],
    [4, 0, 2],
    [5, 0, 3],
    [6, 0, 3],
    [5, 5, 0],
    [6, 5, 1],
    [4, 1, 2],
    [3, 4, 0],
  ])("%i pips past a fee of %i reach tier %i", (pips, fee, tier) => {
    expect(tierFor(pips, fee)).toBe(tier);
  });
});

describe("the split preview on the engine's legal moves", () => {
  it("counts the die's pips with the Shop beside the slot", () => {
    expect(diePips(v, 5, 5)).toBe(4);
    expect(diePips(v, 5, DISTRICT)).toBe(3);
  });

  it("offers the slots and the District the legal moves allow, never a full slot", () => {
    const slots = slotsFor(legal, 5);
    expect(slots).toContain(5);
    expect(slots).toContain(DISTRICT);
    for (const s of slots) if (s < 24) expect(v.slots[s]).toBe(-1);
  });

  it("previews every legal split and nothing else", () => {
    const opts = splitOptions(v, legal, 5, 5);
    expect(opts).toHaveLength(placeMoves(legal, 5, 5).length);
    for (const o of opts) expect(legal).toContain(o.move);
  });

  it("shows each tile's fee and tier after the fee, with a Smuggler token where one is spent", () => {
    const opts = splitOptions(v, legal, 5, 5);
    const both = opts.find((o) => o.move.first === 3 && o.move.second === 1)!;
    expect(both.tokens).toBe(1);
    expect(both.unused).toBe(0);
    expect(both.shares.map((s) => [s.tile, s.pips, s.fee, s.waived, s.tier])).toEqual([
      ["SAILMAKER", 3, 5, true, 2],
      ["COLONISTS_OFFICE", 1, 0, false, 1],
    ]);
    expect(both.shares[0]!.gain!.res).toEqual([0, 0, 0, 2]);
    expect(both.shares[1]!.gain!.colonists).toBe(1);
    const noToken = opts.find((o) => o.move.first === undefined && o.move.second === 3)!;
    expect(noToken.tokens).toBe(0);
    expect(noToken.shares.map((s) => s.tier)).toEqual([0, 2]);
    expect(noToken.shares[0]!.gain).toBeNull();
    // The spare pip shows on Colonists' Office, where it changes nothing.
    expect(noToken.shares.map((s) => s.extra)).toEqual([0, 1]);
    expect(noToken.unused).toBe(0);
  });

  it("shows a die's spare pips on a tile whose tier they keep, and leaves them unused where they would not", () => {
    // GH-046: a die's pips may be left unassigned; the move lists the fewest each tier needs.
    const opts = splitOptions(v, legal, 5, 5);
    const nothing = opts.find((o) => !o.move.first && !o.move.second)!;
    expect(nothing.shares.map((s) => [s.pips, s.extra, s.tier])).toEqual([
      [0, 0, 0],
      [0, 0, 0],
    ]);
    expect(nothing.unused).toBe(4);
    for (const o of opts) {
      for (const s of o.shares) expect(tierFor(s.pips + s.extra, s.waived ? 0 : s.fee)).toBe(s.tier);
      expect(o.unused + o.shares.reduce((k, s) => k + s.pips + s.extra, 0)).toBe(o.total);
    }
  });

  it("lists the richest splits first", () => {
    const tiers = splitOptions(v, legal, 5, 5).map((o) => o.shares.reduce((s, x) => s + x.tier, 0));
    expect(tiers).toEqual([...tiers].sort((a, b) => b - a));
  });

  it("offers nothing for a slot or die the moves do not allow", () => {
    expect(splitOptions(v, legal, 5, 16)).toEqual([]);
    expect(splitOptions(v, legal, 0, 5)).toEqual([]);
  });
});
