import { describe, expect, it } from "vitest";
import { breakdown, decodeView, expectedRolls, handText, lastVersion, pips } from "../src/games/harborfall/view";
import sample from "./harborfall-view.json";

// harborfall-view.json holds real engine views (web/harborfall_fixture_test.go keeps it in step):
// seat 2's in its main phase on turn 6, seat 0's with an offer to everyone open, and the public view.
const view = decodeView(sample.view);
const offer = decodeView(sample.offerView);
const pub = decodeView(sample.publicView);

describe("decodeView on the engine's views", () => {
  it("reads the island", () => {
    expect(view.geo).toMatchObject({ hexes: 19, corners: 54, edges: 72 });
    expect(view.terrain).toHaveLength(19);
    expect(view.terrain[2]).toBe(5);
    expect(view.number[2]).toBe(0);
    expect(view.robber).toBe(2);
    expect(view.harbors).toHaveLength(9);
    expect(view.harbors[0]).toEqual({ edge: 0, kind: 5 });
    expect(view.owner).toHaveLength(54);
    expect(view.road).toHaveLength(72);
    expect(view.owner.filter((o) => o >= 0)).toHaveLength(8);
  });

  it("reads the turn, the players and the viewer's own cards", () => {
    expect(view).toMatchObject({ phase: "main", active: 2, viewer: 2, turns: 6, canOffer: true, offersLeft: 3, offer: null, special: -1 });
    expect(view.players.map((p) => p.name)).toEqual(["Ana", "Bo", "Cy", "Di"]);
    expect(view.players[2]).toMatchObject({ cards: 8, points: 2, settlementsLeft: 3, citiesLeft: 4, roadsLeft: 13 });
    expect(view.me).toEqual({ hand: [0, 1, 3, 1, 3], dev: [0, 0, 0, 0, 0], fresh: [0, 0, 0, 0, 0], points: 2, rates: [4, 4, 4, 4, 4] });
    expect(view.costs.city).toEqual([0, 0, 0, 2, 3]);
    expect(view.pieces).toEqual({ settlements: 5, cities: 4, roads: 15 });
    expect(view.resources).toEqual(["brick", "lumber", "wool", "grain", "ore"]);
  });

  it("reads the dice statistics and the points history", () => {
    expect(view.rolled).toHaveLength(11);
    expect(view.rolled.reduce((a, b) => a + b, 0)).toBe(6);
    expect(view.history).toHaveLength(6);
    expect(view.history[0]).toEqual([2, 2, 2, 2]);
    expect(view.historyStep).toBe(1);
  });

  it("reads an offer to everyone with its answers", () => {
    expect(offer.phase).toBe("offer");
    expect(offer.offer).toMatchObject({ from: 2, to: -1, give: [0, 1, 0, 0, 0], get: [0, 0, 1, 0, 0] });
    expect(offer.offer!.answers.slice(0, 4)).toEqual([0, 0, 0, 2]);
    expect(offer.acting).toEqual([0, 1]);
  });

  it("the public view has no hand", () => {
    expect(pub.viewer).toBe(-1);
    expect(pub.me).toBeNull();
  });

  it("survives garbage", () => {
    const v = decodeView({ phase: 3, players: "x", me: [] });
    expect(v.players).toEqual([]);
    expect(v.me).toBeNull();
    expect(v.phase).toBe("");
  });
});

describe("points, odds and words", () => {
  it("breaks points down into what earned them", () => {
    expect(breakdown(view, 2)).toEqual({ settlements: 2, cities: 0, longestRoad: 0, largestArmy: 0, secret: 0, total: 2 });
    const won = { ...view, longestRoad: 1, players: view.players.map((p, s) => (s === 1 ? { ...p, points: 10, citiesLeft: 2, settlementsLeft: 4 } : p)) };
    // 1 settlement + 2 cities (4 points) + longest road 2 = 7; the other 3 are Secret points.
    expect(breakdown(won, 1)).toEqual({ settlements: 1, cities: 2, longestRoad: 2, largestArmy: 0, secret: 3, total: 10 });
  });

  it("knows the odds of each total", () => {
    expect([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map(pips)).toEqual([1, 2, 3, 4, 5, 0, 5, 4, 3, 2, 1]);
    const e = expectedRolls(36);
    expect(e).toEqual([1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1]);
    expect(expectedRolls(72).reduce((a, b) => a + b, 0)).toBe(72);
  });

  it("writes hands in words", () => {
    expect(handText([2, 0, 0, 0, 1])).toBe("2 brick, 1 ore");
    expect(handText([0, 0, 0, 0, 0])).toBe("nothing");
  });

  it("keys the latest event of a kind by its version", () => {
    const log = [{ type: "roll" }, { type: "produce" }, { type: "roll" }, { type: "end" }];
    expect(lastVersion(log, [3, 3, 7, 8], "roll")).toBe(7);
    expect(lastVersion(log, [3, 3, 7, 8], "steal")).toBe(0);
  });
});
