import { describe, expect, it } from "vitest";
import two from "./neko-view-2p.json";
import four from "./neko-view-4p-modules.json";
import end from "./neko-view-4p-over.json";
import { finalLines, periodText, tieText } from "../src/games/neko/Score";
import { decodeView, ghostOn, GHOST, LOC_ATTR, pointsOverGame, scoreSoFar, shipPlace } from "../src/games/neko/view";
import { groupMoves, moveKey, moveLabel } from "../src/games/neko/moves";
import { turnLine } from "../src/games/neko/Player";
import type { Move } from "../src/protocol";

type RawPlayer = {
  hand?: number[];
  handCount: number;
  columns: { kindCode: string; hub: number; actions: number[]; hubs: number[] }[];
  ships: { loc: number; level: number }[];
  supply: number[];
};

describe("Neko Harbour view decoding (real engine views)", () => {
  for (const [name, sample] of [
    ["2 players", two],
    ["4 players, every module", four],
  ] as const) {
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
    // The history so far: the same for every viewer, one entry per turn and period end.
    const raw = four.view as unknown as { history: { seat: number; points: number[] }[] };
    const { series, periodEnd } = pointsOverGame(v);
    expect(series).toHaveLength(4);
    expect(series[0]).toHaveLength(raw.history.length + 1);
    expect(series[0]![0]).toBe(0);
    expect(series.map((s) => s[s.length - 1])).toEqual(raw.history[raw.history.length - 1]!.points);
    expect(raw.history[periodEnd - 1]!.seat).toBe(-1);
  });

  describe("a finished 4-player game with every module, as the TV sees it", () => {
    const v = decodeView(end.view);
    const raw = end.view as unknown as {
      players: { final: Record<string, number>; interim: number[] }[];
      history: { period: number; seat: number; points: number[] }[];
    };
    it("reads the final breakdown with harbour and hubs as lines of their own", () => {
      expect(v.phase).toBe("over");
      v.players.forEach((p, i) => expect(p.final).toEqual(raw.players[i]!.final));
      // Di scored her harbour level with a Shipyard E card and a hub with fishing boat FB10.
      expect(v.players[3]!.final).toMatchObject({ harbour: 3, hubs: 3 });
      expect(turnLine(v, -1)).toBe("The game is over.");
    });
    it("lists every line, labelled, adding up to each total", () => {
      const lines = finalLines(v);
      expect(lines.map((l) => l.label)).toEqual([
        "Period 1 scoring",
        "Period 2 scoring",
        "Attractions",
        "Harbour level",
        "Best hub",
        "Other game-end cards",
        "Penguins (×2)",
        "Captains",
        "Goods",
        "Point cards",
        "Level 5-6 ships",
        "Ghost ship",
      ]);
      v.players.forEach((p, i) => {
        expect(lines.reduce((t, l) => t + l.points[i]!, 0)).toBe(p.final!.total);
        expect(p.final!.total).toBe(end.result.scores[i]);
      });
      expect(lines.find((l) => l.key === "harbour")!.points).toEqual(v.players.map((p) => p.final!.harbour));
    });
    it("leaves the ghost ship line out when the module is off", () => {
      const off = structuredClone(end.view) as unknown as { players: { ships: { loc: number }[] }[] };
      for (const p of off.players) p.ships[6]!.loc = -2;
      expect(finalLines(decodeView(off)).map((l) => l.key)).not.toContain("ghost");
    });
    it("reads the intermediate scorings by source", () => {
      expect(v.players[0]!.interim).toEqual([1, 0]);
      expect(v.players[0]!.periods[0]).toEqual({ lastColumn: 0, line: 1, ghostOut: false });
      expect(periodText(v.players[0]!.periods[0]!)).toBe("1 in the line");
      expect(periodText({ lastColumn: 5, line: 2, ghostOut: true })).toBe("5 last column · 2 in the line · ghost ship out: 8 at the end");
      expect(periodText(v.players[2]!.periods[0]!)).toBe("no ship in the line");
    });
    it("draws points after every turn, ending on the totals", () => {
      const { series, periodEnd } = pointsOverGame(v);
      expect(series.every((s) => s.length === raw.history.length + 1)).toBe(true);
      expect(series.map((s) => s[s.length - 1])).toEqual(end.result.scores);
      expect(raw.history[periodEnd - 1]).toMatchObject({ period: 1, seat: -1 });
      expect(raw.history.filter((h) => h.seat >= 0)).toHaveLength(52);
      expect(scoreSoFar(v.players[3]!)).toBe(26);
    });
    it("explains the tie-breaks only when the top is tied", () => {
      expect(tieText(v, { over: true, winners: [3], places: [2, 3, 4, 1], scores: end.result.scores, reason: "two_periods", turns: 52 })).toBe("");
      const tied = structuredClone(end.view) as unknown as { players: { final: { total: number } }[] };
      tied.players[0]!.final.total = 26;
      const t = tieText(decodeView(tied), { over: true, winners: [0, 3], places: [1, 3, 4, 1], scores: [26, 14, 6, 26], reason: "two_periods", turns: 52 });
      expect(t).toMatch(
        /^Tied on 26 points\. The lower total level of ships in play wins the tie, then more fish, goods and licences; still equal, so the win is shared\./,
      );
      expect(t).toContain("Ana: ships' total level");
    });
  });

  it("survives a broken view without throwing", () => {
    const v = decodeView({ players: [{}], rows: [[{ cards: [1, 2] }, null]] });
    expect(v.players[0]!.name).toBe("Seat 1");
    expect(v.rows[0]![1]!.taken).toBe(true);
    expect(decodeView(null).players).toEqual([]);
  });
});
