import { describe, expect, it } from "vitest";
import { TILES } from "../src/games/greatharbor/content";
import { bitList, competitorName, competitors, decodeView, diceAt, LOC, acceptedColours, turnLabel } from "../src/games/greatharbor/view";
import sample from "./greatharbor-view.json";

// greatharbor-view.json is a real view of the engine (seat 0's, Ana and Bo with the Automa and Harbor Shops,
// Ana to place two drafted dice while Sailmaker and Ropeyard charge Shore Fees); web/greatharbor_fixture_test.go keeps it current.
const v = decodeView(sample.view);

describe("decodeView on the engine's view", () => {
  it("reads the table: seats, the Automa, round, turn and phase", () => {
    expect(v.viewer).toBe(0);
    expect(v.n).toBe(2);
    expect(v.names).toEqual(["Ana", "Bo"]);
    expect(v.shops).toBe(true);
    expect(v.automa).not.toBeNull();
    expect(competitors(v)).toBe(3);
    expect(competitorName(v, 2)).toBe("Automa");
    expect(v.phase).toBe("action");
    expect(v.actor).toBe(0);
    expect(turnLabel(v)).toBe("Round 2 of 5, turn A");
  });

  it("reads the Harbor: tiles, fees, placed dice and Shops", () => {
    expect(v.tiles).toHaveLength(9);
    for (const id of v.tiles) expect(TILES.some((t) => t.id === id)).toBe(true);
    expect(v.fees).toEqual([0, 1, 5, 0, 0, 0, 0, 0, 0]);
    expect(v.slots.filter((s) => s >= 0)).toEqual([16, 8, 0, 7]);
    expect(v.shopPips[16]).toBe(2);
    expect(v.shopSite.filter((s) => s >= 0).length).toBeGreaterThan(0);
  });

  it("reads the dice by place: Ana's two drafted dice with faces", () => {
    expect(diceAt(v, LOC.drafted, 0).map((d) => [d.id, d.colour, d.face])).toEqual([
      [5, 1, 3],
      [15, 3, 6],
    ]);
    expect(v.dice.every((d) => d.colour === Math.floor(d.id / 5))).toBe(true);
  });

  it("reads what a slot accepts as color indices", () => {
    for (let s = 0; s < 24; s++) {
      const cols = acceptedColours(v, s);
      expect(cols.length).toBeGreaterThanOrEqual(1);
      expect(cols.length).toBeLessThanOrEqual(2);
    }
  });

  it("shows hand sizes for everyone but cards only for the viewer", () => {
    expect(v.handSizes[1]).toEqual([0, 1, 3]);
    expect(v.players[1]!.handBuildings).toBe(0);
    expect(v.players[1]!.handShips).toBe(0);
    expect(bitList(v.players[0]!.handShips)).toHaveLength(v.handSizes[0]![2]!);
  });

  it("keeps one history row per finished round", () => {
    expect(v.history).toHaveLength(1);
    expect(v.history[0]).toHaveLength(4);
  });

  it("decodes a missing or broken view to safe defaults", () => {
    const e = decodeView(null);
    expect(e.n).toBe(1);
    expect(e.slots.every((s) => s === -1)).toBe(true);
    expect(e.automa).toBeNull();
    expect(e.pending).toBeNull();
    expect(decodeView({ n: 2, names: ["A"] }).names).toEqual(["A", "Player 2"]);
  });
});

describe("bitList", () => {
  it.each([
    [0, []],
    [1, [0]],
    [0b1010, [1, 3]],
    [2 ** 31, [31]],
  ])("%i lists %j", (mask, want) => {
    expect(bitList(mask)).toEqual(want);
  });
});
