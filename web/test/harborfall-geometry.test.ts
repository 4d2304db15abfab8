import { describe, expect, it } from "vitest";
import {
  cornerHarbors,
  cornerHexes,
  cornerLabel,
  cornerPoint,
  edgeHexes,
  edgeLabel,
  edgeMid,
  harborPlace,
  hexCenter,
  hexLabel,
  hexPoints,
  placeNames,
  SIDE,
  viewBox,
} from "../src/games/harborfall/geometry";
import { decodeView } from "../src/games/harborfall/view";
import sample from "./harborfall-view.json";

const view = decodeView(sample.view);
const g = view.geo;
const dist = (a: { x: number; y: number }, b: { x: number; y: number }) => Math.hypot(a.x - b.x, a.y - b.y);

describe("hex and corner geometry", () => {
  it("puts every corner of a hex one side away from its center", () => {
    for (let h = 0; h < g.hexes; h++) {
      for (const c of g.hexCorners[h]!) expect(dist(cornerPoint(g, c), hexCenter(g, h))).toBeCloseTo(SIDE, 5);
    }
  });

  it("makes every edge one side long", () => {
    for (const [a, b] of g.edgeCorners) expect(dist(cornerPoint(g, a), cornerPoint(g, b))).toBeCloseTo(SIDE, 5);
  });

  it("knows which hexes touch each corner and edge", () => {
    const around = cornerHexes(g);
    expect(around.every((hs) => hs.length >= 1 && hs.length <= 3)).toBe(true);
    expect(around.filter((hs) => hs.length === 3)).toHaveLength(24);
    const sides = edgeHexes(g);
    expect(sides.filter((hs) => hs.length === 1)).toHaveLength(g.coast.length);
    expect(sides.filter((hs) => hs.length === 2)).toHaveLength(72 - 30);
  });

  it("draws hex polygons from their corners and frames the whole island", () => {
    expect(hexPoints(g, 0).split(" ")).toHaveLength(6);
    const [x, y, w, hgt] = viewBox(g).split(" ").map(Number);
    for (let c = 0; c < g.corners; c++) {
      const p = cornerPoint(g, c);
      expect(p.x).toBeGreaterThan(x!);
      expect(p.x).toBeLessThan(x! + w!);
      expect(p.y).toBeGreaterThan(y!);
      expect(p.y).toBeLessThan(y! + hgt!);
    }
  });

  it("sets harbors out at sea from their coast edge", () => {
    for (const hb of view.harbors) {
      const land = edgeHexes(g)[hb.edge]![0]!;
      expect(dist(harborPlace(g, hb.edge), hexCenter(g, land))).toBeGreaterThan(dist(edgeMid(g, hb.edge), hexCenter(g, land)));
    }
    const kinds = cornerHarbors(view);
    expect(kinds.filter((k) => k >= 0)).toHaveLength(18);
  });

  it("names hexes, corners and edges for screen readers", () => {
    expect(hexLabel(view, 2)).toBe("Hex the desert, the robber is here");
    expect(hexLabel(view, 0)).toBe("Hex 10 hill (brick), 3 in 36");
    const around = cornerHexes(g);
    expect(around[0]).toEqual([0]);
    expect(cornerLabel(view, 0, cornerHarbors(view))).toBe("Corner at the north corner of 10 hill (brick), harbor 3:1 any");
    const inland = around.findIndex((hs) => hs.length === 3);
    expect(cornerLabel(view, inland, cornerHarbors(view))).toMatch(/^Corner by .+, .+ and .+/);
    const owned = view.owner.indexOf(0);
    expect(cornerLabel(view, owned, cornerHarbors(view))).toMatch(/, Ana's settlement$/);
    expect(edgeLabel(view, 0)).toBe("Edge on the north-west coast of 10 hill (brick)");
    const inner = edgeHexes(g).findIndex((hs) => hs.length === 2);
    expect(edgeLabel(view, inner)).toMatch(/^Edge between .+ and .+/);
  });

  it("gives every hex, corner and edge a name of its own", () => {
    const names = placeNames(view);
    for (const kind of [names.hex, names.corner, names.edge]) expect(new Set(kind).size).toBe(kind.length);
    expect(names.corner).toHaveLength(g.corners);
    expect(names.edge).toHaveLength(g.edges);
  });

  it("tells apart two hexes of the same number and terrain by their row", () => {
    const twin = {
      ...view,
      terrain: view.terrain.map((t, h) => (h === 18 ? view.terrain[0]! : t)),
      number: view.number.map((n, h) => (h === 18 ? view.number[0]! : n)),
    };
    const names = placeNames(twin);
    expect(names.hex[0]).toBe("10 hill (brick) in row 1, 1st from the left");
    expect(names.hex[18]).toMatch(/^10 hill \(brick\) in row 5, 3rd from the left$/);
    expect(new Set(names.corner).size).toBe(names.corner.length);
  });
});
