// The roving tab index the boards share: where each key moves the focus, and
// that Enter and Space choose only a place that can be chosen.

import { describe, expect, it } from "vitest";
import { roveAmong, rovingKeyDown } from "../src/components/roving";

// A 3 by 3 grid, numbered row by row, as The Great Harbor's tiles are.
const grid = Array.from({ length: 9 }, (_, i) => ({ x: i % 3, y: Math.floor(i / 3) }));

describe("roveAmong", () => {
  it("moves an arrow key to the neighbor that lies that way", () => {
    expect(roveAmong(grid, 4, "ArrowRight")).toBe(5);
    expect(roveAmong(grid, 4, "ArrowLeft")).toBe(3);
    expect(roveAmong(grid, 4, "ArrowDown")).toBe(7);
    expect(roveAmong(grid, 4, "ArrowUp")).toBe(1);
  });

  it("prefers the place nearer the line over one nearer in distance off it", () => {
    const pts = [
      { x: 0, y: 0 },
      { x: 3, y: 2.5 },
      { x: 5, y: 0.2 },
    ];
    expect(roveAmong(pts, 0, "ArrowRight")).toBe(2);
  });

  it("with nothing that way, goes to the next or previous place in order, round the end", () => {
    expect(roveAmong(grid, 5, "ArrowRight")).toBe(6);
    expect(roveAmong(grid, 8, "ArrowRight")).toBe(0);
    expect(roveAmong(grid, 0, "ArrowUp")).toBe(8);
    expect(roveAmong(grid, 3, "ArrowLeft")).toBe(2);
  });

  it("takes Home and End to the first and last place and leaves other keys alone", () => {
    expect(roveAmong(grid, 4, "Home")).toBe(0);
    expect(roveAmong(grid, 4, "End")).toBe(8);
    expect(roveAmong(grid, 4, "a")).toBeNull();
    expect(roveAmong([], 0, "ArrowRight")).toBeNull();
  });
});

/** press is a key event as rovingKeyDown sees it, remembering whether the page's own use of the key was stopped. */
function press(key: string) {
  const e = {
    key,
    prevented: false,
    preventDefault() {
      e.prevented = true;
    },
  };
  return e;
}

describe("rovingKeyDown", () => {
  it("chooses the place on Enter and Space and keeps the key from scrolling the page", () => {
    for (const key of ["Enter", " "]) {
      const chosen: string[] = [];
      const e = press(key);
      rovingKeyDown(
        e as unknown as KeyboardEvent,
        () => null,
        () => {},
        () => chosen.push(key),
      );
      expect(chosen).toEqual([key]);
      expect(e.prevented).toBe(true);
    }
  });

  it("lets Enter pass on a place that cannot be chosen", () => {
    const e = press("Enter");
    rovingKeyDown(
      e as unknown as KeyboardEvent,
      () => 3,
      () => {},
    );
    expect(e.prevented).toBe(false);
  });

  it("moves to the place the board's key map names, and passes on keys it does not use", () => {
    const went: number[] = [];
    const arrow = press("ArrowDown");
    rovingKeyDown(
      arrow as unknown as KeyboardEvent,
      (k) => roveAmong(grid, 1, k),
      (i) => went.push(i),
    );
    expect(went).toEqual([4]);
    expect(arrow.prevented).toBe(true);
    const tab = press("Tab");
    rovingKeyDown(
      tab as unknown as KeyboardEvent,
      (k) => roveAmong(grid, 1, k),
      (i) => went.push(i),
    );
    expect(went).toEqual([4]);
    expect(tab.prevented).toBe(false);
  });
});
