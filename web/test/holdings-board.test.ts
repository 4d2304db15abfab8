// Where Harbor Holdings' tokens stand: a space's words fill it, so every
// token (up to six on one space) stands in the sea next to its space, clear of
// every space's name, mark and price, on the TV's board and a phone's alike.

import { describe, expect, it } from "vitest";
import { tokenSpot } from "../src/games/holdings/Board";
import { CELL, cellOf, NUM_SPACES, SIDE } from "../src/games/holdings/board";

/** A token's reach from its middle: its shape's radius (13) and its white outline. */
const REACH = 17;

describe("tokenSpot", () => {
  it("stands the tokens in the sea, by their space, never over a space", () => {
    for (let sp = 0; sp < NUM_SPACES; sp++) {
      const cell = cellOf(sp);
      for (let k = 0; k < 6; k++) {
        const { x, y } = tokenSpot(sp, k);
        expect(x - REACH, `space ${sp} token ${k}`).toBeGreaterThanOrEqual(CELL);
        expect(x + REACH, `space ${sp} token ${k}`).toBeLessThanOrEqual(SIDE - CELL);
        expect(y - REACH, `space ${sp} token ${k}`).toBeGreaterThanOrEqual(CELL);
        expect(y + REACH, `space ${sp} token ${k}`).toBeLessThanOrEqual(SIDE - CELL);
        // by its own space: at most three tokens' width from the space's box
        expect(Math.max(cell.x - x, x - (cell.x + CELL), cell.y - y, y - (cell.y + CELL))).toBeLessThanOrEqual(3 * 30);
      }
    }
  });

  it("keeps the tokens of one space apart", () => {
    for (const sp of [0, 5, 10, 15, 20, 25, 30, 35]) {
      const spots = Array.from({ length: 6 }, (_, k) => tokenSpot(sp, k));
      for (let a = 0; a < 6; a++)
        for (let b = a + 1; b < 6; b++) expect(Math.hypot(spots[a]!.x - spots[b]!.x, spots[a]!.y - spots[b]!.y)).toBeGreaterThanOrEqual(26);
    }
  });
});
