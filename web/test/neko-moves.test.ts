import { describe, expect, it } from "vitest";
import type { Move } from "../src/protocol";
import { draftMove, field, movesForCard } from "../src/games/neko/moves";

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
