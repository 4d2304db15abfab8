import { describe, expect, it } from "vitest";
import type { Move } from "../src/protocol";
import { columnName, distinctMoves, draftMove, field, moveLabel, movesForCard } from "../src/games/neko/moves";
import { decodeView, LOC_ATTR, LOC_HARBOUR, LOC_SUPPLY, type NekoView } from "../src/games/neko/view";
import two from "./neko-view-2p.json";

// The server leaves every zero field out of a move, so card 0 (P1-01,
// Permit Office), row 0 and column 0 arrive as absent keys. These lists are
// what the engine's Legal encodes to for such positions.
const handOfCardZero: Move[] = JSON.parse(
  '[{"type":"play"},{"type":"deactivate"},{"type":"deactivate","col":1},{"type":"play","card":5},{"type":"deactivate","card":5,"col":1},{"type":"next"}]',
);

describe("Neko Harbour moves with zero fields", () => {
  it("reads an absent field as 0", () => {
    expect(field({ type: "play" }, "card")).toBe(0);
    expect(field({ type: "play", card: 7 }, "card")).toBe(7);
  });

  it("finds the play and tuck moves of card 0, whose number the server leaves out", () => {
    const ms = movesForCard(handOfCardZero, 0);
    expect(ms.map((m) => m.type)).toEqual(["play", "deactivate", "deactivate"]);
    expect(ms.filter((m) => m.type === "deactivate").map((m) => field(m, "col"))).toEqual([0, 1]);
  });

  it("does not count moves without a card (next) as moves of card 0", () => {
    expect(movesForCard([{ type: "next" }, { type: "keep" }, { type: "tuck", col: 1 }], 0)).toEqual([]);
  });

  it("keeps another card's moves apart", () => {
    expect(movesForCard(handOfCardZero, 5)).toHaveLength(2);
  });

  it("finds the pick of card 0 in the two-player draft", () => {
    const legal: Move[] = JSON.parse('[{"type":"pick"},{"type":"pick","card":40}]');
    expect(movesForCard(legal, 0)).toEqual([{ type: "pick" }]);
  });

  it("finds the sets of the first draft row, whose number the server leaves out", () => {
    const legal: Move[] = JSON.parse('[{"type":"draft","size":1},{"type":"draft","size":3},{"type":"draft","row":1,"size":2}]');
    expect(draftMove(legal, 0, 1)).toEqual({ type: "draft", size: 1 });
    expect(draftMove(legal, 0, 2)).toBeUndefined();
    expect(draftMove(legal, 1, 2)).toEqual({ type: "draft", row: 1, size: 2 });
  });
});

describe("Neko Harbour ship moves", () => {
  const v = decodeView(two.view);
  const me = two.seat;
  const withShips = (ships: [number, number, number?][]): NekoView => {
    const players = v.players.map((p, i) =>
      i === me
        ? {
            ...p,
            ships: p.ships.map((s, k) =>
              ships[k]
                ? { ...s, loc: ships[k]![0], level: ships[k]![1], place: ships[k]![2] ?? 0, rewarded: ships[k]![0] >= LOC_ATTR }
                : { ...s, loc: LOC_SUPPLY },
            ),
          }
        : p,
    );
    return { ...v, players };
  };

  it("offers one move for two alike ships in the harbour (NK-056), named from where it leaves", () => {
    const twins = withShips([
      [LOC_HARBOUR, 1],
      [LOC_HARBOUR, 1],
    ]);
    const legal: Move[] = [{ type: "move" }, { type: "move", ship: 1 }, { type: "next" }];
    const offered = distinctMoves(legal, twins, me);
    expect(offered).toEqual([{ type: "move" }, { type: "next" }]);
    expect(moveLabel(offered[0]!, twins, me)).toBe(`Move your level 1 ship from the harbour to ${columnName(twins.players[me], 0)} (1 fuel)`);
  });

  it("keeps apart two ships of one level in different places, and says where each is", () => {
    const apart = withShips([
      [LOC_HARBOUR, 1],
      [1, 1],
    ]);
    const legal: Move[] = [{ type: "move" }, { type: "move", ship: 1 }, { type: "upgrade", level: 2 }, { type: "upgrade", ship: 1, level: 2 }];
    const offered = distinctMoves(legal, apart, me);
    expect(offered).toHaveLength(4);
    const labels = offered.map((m) => moveLabel(m, apart, me));
    expect(new Set(labels).size).toBe(4);
    expect(labels[2]).toBe("Upgrade your level 1 ship in the harbour to level 2 (1 licence)");
    expect(labels[3]).toBe("Upgrade your level 1 ship on column 1 to level 2 (1 licence)");
  });

  it("tells apart two ships of one level at one attraction by their place there (NK-075)", () => {
    const at = withShips([
      [LOC_ATTR, 1, 2],
      [LOC_ATTR, 1, 1],
    ]);
    const legal: Move[] = [
      { type: "sail", to: 1 },
      { type: "sail", ship: 1, to: 1 },
    ];
    const labels = distinctMoves(legal, at, me).map((m) => moveLabel(m, at, me));
    const there = at.attractions[0]!.name;
    const to = at.attractions[1]!.name;
    expect(labels).toEqual([
      `Sail your level 1 ship from ${there}, the one placed higher to ${to} (1 fuel)`,
      `Sail your level 1 ship from ${there}, the one placed lower to ${to} (1 fuel)`,
    ]);
  });
});
