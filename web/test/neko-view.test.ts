import { describe, expect, it } from "vitest";
import two from "./neko-view-2p.json";
import four from "./neko-view-4p-modules.json";
import { decodeView, ghostOn, GHOST, LOC_ATTR, pointsOverGame, scoreSoFar, shipPlace } from "../src/games/neko/view";
import { groupMoves, moveKey, moveLabel } from "../src/games/neko/moves";
import { turnLine } from "../src/games/neko/Player";
import type { Move } from "../src/protocol";

type RawPlayer = { hand?: number[]; handCount: number; columns: { kindCode: string; hub: number; actions: number[]; hubs: number[] }[]; ships: { loc: number; level: number }[]; supply: number[] };

describe("Neko Harbour view decoding (real engine views)", () => {
  for (const [name, sample] of [["2 players", two], ["4 players, every module", four]] as const) {
    describe(name, () => {
      const v = decodeView(sample.view);
      const raw = sample.view as unknown as { players: RawPlayer[]; attractions: unknown[]; order: number[] };
      it("reads the phase, the acting seat and the window", () => {
        expect(v.viewer).toBe(sample.seat);
        expect(v.active).toBe(sample.seat);
        expect(v.phase).toBe("action");
        expect(v.stage).toBe("window");
        expect(v.period).toBe(sample.view.period);
        expect(v.icons).toEqual(sample.view.icons);
        expect(v.order).toEqual(raw.order);
        expect(v.attractions).toHaveLength(raw.attractions.length);
      });
      it("gives the viewer's hand and only counts for the others", () => {
        v.players.forEach((p, i) => {
          if (i === sample.seat) expect(p.hand).toEqual(raw.players[i]!.hand);
          else expect(p.hand).toBeNull();
          expect(p.handCount).toBe(raw.players[i]!.handCount);
        });
      });
      it("reads every column, its hub and its cards, and every ship", () => {
        v.players.forEach((p, i) => {
          const rp = raw.players[i]!;
          expect(p.columns.map((c) => c.kind)).toEqual(rp.columns.map((c) => c.kindCode));
          expect(p.columns.map((c) => c.hub)).toEqual(rp.columns.map((c) => c.hub));
          expect(p.columns.map((c) => [...c.actions, ...c.hubs])).toEqual(rp.columns.map((c) => [...c.actions, ...c.hubs]));
          expect(p.ships.map((s) => [s.loc, s.level])).toEqual(rp.ships.map((s) => [s.loc, s.level]));
          expect([p.supply.fish, p.supply.goods, p.supply.licence, p.supply.penguin, p.supply.captain, p.supply.vp]).toEqual(rp.supply);
        });
      });
      it("labels every legal move, each differently", () => {
        const legal = sample.legal as Move[];
        const labels = legal.map((m) => moveLabel(m, v, sample.seat));
        for (const l of labels) expect(l).not.toMatch(/undefined|NaN|\?/);
        expect(new Set(labels).size).toBe(labels.length);
        expect(new Set(legal.map(moveKey)).size).toBe(legal.length);
        const grouped = groupMoves(legal).flatMap((g) => g.moves);
        expect(grouped.length + legal.filter((m) => m.type === "next").length).toBe(legal.length);
      });
    });
  }

  it("2 players: no ghost ship, ships at attractions named", () => {
    const v = decodeView(two.view);
    expect(ghostOn(v)).toBe(false);
    const ana = v.players[0]!;
    const atAttr = ana.ships.find((s) => s.loc >= LOC_ATTR)!;
    expect(shipPlace(v, ana, atAttr)).toBe(`at ${v.attractions[atAttr.loc - LOC_ATTR]!.name}`);
    expect(turnLine(v, 1)).toBe("Period 2 · Your turn: column 1 (Supply Vessel) is active");
    expect(turnLine(v, 0)).toBe("Period 2 · Bo's turn: column 1 (Supply Vessel) is active");
  });

  it("4 players with modules: fishing boats as columns, the ghost ship, boats on offer, and prices on the buttons", () => {
    const v = decodeView(four.view);
    expect(ghostOn(v)).toBe(true);
    expect(v.players.every((p) => p.columns.some((c) => c.kind === "FB"))).toBe(true);
    expect(v.players[0]!.ships[GHOST]!.level).toBe(0);
    expect(v.boats).toEqual([71, 72, 73, 74, 75]);
    const labels = (four.legal as Move[]).map((m) => moveLabel(m, v, four.seat));
    expect(labels).toContain("Buy a level 2 ship (4 coins)");
    // Ana has the licence-discount Research Station (P1-30) in her line.
    expect(labels).toContain("Buy a licence (2 coins)");
    expect(labels).toContain("Done with column 3 (Tourist Center)");
    expect(v.players[0]!.interim).toEqual([1, 0]);
    expect(scoreSoFar(v.players[0]!)).toBe(1);
    expect(pointsOverGame(v)[0]).toEqual([0, 1]);
  });

  it("decodes a finished game's breakdown and draws points over the whole game", () => {
    const over = structuredClone(four.view) as Record<string, unknown> & { players: Record<string, unknown>[] };
    over.phase = "over";
    over.players[0]!.interim = [5, 9];
    over.players[0]!.final = { periods: 14, attractions: 6, cards: 4, penguins: 2, captains: 1, goods: 1, vpCards: 0, ships: 1, ghost: 8, total: 37 };
    const v = decodeView(over);
    expect(v.players[0]!.final?.ghost).toBe(8);
    expect(scoreSoFar(v.players[0]!)).toBe(37);
    expect(pointsOverGame(v)[0]).toEqual([0, 5, 14, 37]);
    expect(turnLine(v, 0)).toBe("The game is over.");
  });

  it("survives a broken view without throwing", () => {
    const v = decodeView({ players: [{}], rows: [[{ cards: [1, 2] }, null]] });
    expect(v.players[0]!.name).toBe("Seat 1");
    expect(v.rows[0]![1]!.taken).toBe(true);
    expect(decodeView(null).players).toEqual([]);
  });
});
