// Where the island's hexes, corners, edges and harbors are drawn, and the
// words that name them for screen readers. The engine's geometry gives
// integer positions: one unit of x is half a hex's width and one unit of y
// half a hex's side, so (x, y) is drawn at (x·√3/2·SIDE, y·SIDE/2).

import { formatList, lang, type MessageId, t } from "../../i18n/i18n";
import { DESERT, GENERAL_HARBOR, pips, type Geometry, type HarborfallView } from "./view";

/** SIDE is a hex's side in SVG units. */
export const SIDE = 60;
const KX = (Math.sqrt(3) / 2) * SIDE;
const KY = SIDE / 2;

export interface Point {
  x: number;
  y: number;
}

export const cornerPoint = (g: Geometry, c: number): Point => ({ x: (g.cornerX[c] ?? 0) * KX, y: (g.cornerY[c] ?? 0) * KY });
export const hexCenter = (g: Geometry, h: number): Point => ({ x: (g.hexX[h] ?? 0) * KX, y: (g.hexY[h] ?? 0) * KY });

export function edgeMid(g: Geometry, e: number): Point {
  const [a, b] = g.edgeCorners[e] ?? [0, 0];
  const p = cornerPoint(g, a);
  const q = cornerPoint(g, b);
  return { x: (p.x + q.x) / 2, y: (p.y + q.y) / 2 };
}

/** hexPoints is the SVG polygon of hex h, shrunk by inset towards its center. */
export function hexPoints(g: Geometry, h: number, inset = 0): string {
  const c = hexCenter(g, h);
  return (g.hexCorners[h] ?? [])
    .map((k) => {
      const p = cornerPoint(g, k);
      const f = 1 - inset / SIDE;
      return `${(c.x + (p.x - c.x) * f).toFixed(1)},${(c.y + (p.y - c.y) * f).toFixed(1)}`;
    })
    .join(" ");
}

/** cornerHexes lists the land hexes touching each corner. */
export function cornerHexes(g: Geometry): number[][] {
  const out: number[][] = Array.from({ length: g.corners }, () => []);
  g.hexCorners.forEach((cs, h) => cs.forEach((c) => out[c]?.push(h)));
  return out;
}

/** edgeHexes lists the land hexes on each side of each edge (one on the coast). */
export function edgeHexes(g: Geometry): number[][] {
  const around = cornerHexes(g);
  return g.edgeCorners.map(([a, b]) => (around[a] ?? []).filter((h) => (around[b] ?? []).includes(h)));
}

/** harborPlace is where a harbor on coast edge e is drawn: out to sea from the edge's land hex. */
export function harborPlace(g: Geometry, e: number): Point {
  const m = edgeMid(g, e);
  const land = edgeHexes(g)[e]?.[0];
  const c = land === undefined ? { x: 0, y: 0 } : hexCenter(g, land);
  const dx = m.x - c.x;
  const dy = m.y - c.y;
  const len = Math.hypot(dx, dy) || 1;
  return { x: m.x + (dx / len) * SIDE * 0.62, y: m.y + (dy / len) * SIDE * 0.62 };
}

/** viewBox frames the island with room for the harbors round it. */
export function viewBox(g: Geometry): string {
  const xs = g.cornerX.map((x) => x * KX);
  const ys = g.cornerY.map((y) => y * KY);
  const pad = SIDE * 1.15;
  const x0 = Math.min(...xs) - pad;
  const y0 = Math.min(...ys) - pad;
  return `${x0.toFixed(0)} ${y0.toFixed(0)} ${(Math.max(...xs) - x0 + pad).toFixed(0)} ${(Math.max(...ys) - y0 + pad).toFixed(0)}`;
}

/** harborText: "3:1 any" or "2:1 brick". */
export function harborText(kind: number, resources: string[]): string {
  return kind === GENERAL_HARBOR ? t("harborfall.harbor.any") : t("harborfall.harbor.two", { res: resources[kind] ?? "?" });
}

/** hexName: "8 forest (lumber)", "the desert". */
export function hexName(v: HarborfallView, h: number): string {
  const k = v.terrain[h] ?? DESERT;
  if (k === DESERT) return t("harborfall.place.desert");
  return t("harborfall.place.hex", { n: v.number[h] ?? 0, terrain: v.terrains[k] ?? "", res: v.resources[k] ?? "" });
}

/** hexLabel names a hex for a screen reader, with its odds and the robber. */
export function hexLabel(v: HarborfallView, h: number): string {
  const n = v.number[h] ?? 0;
  let label = t("harborfall.place.hex_label", { place: placeNames(v).hex[h] ?? "" });
  if (n) label = t("harborfall.place.odds", { label, n: pips(n) });
  return v.robber === h ? t("harborfall.place.robber_here", { label }) : label;
}

/** cornerHarbor is the harbor kind at each corner, -1 for none. */
export function cornerHarbors(v: HarborfallView): number[] {
  const out = Array.from({ length: v.geo.corners }, () => -1);
  for (const hb of v.harbors) for (const c of v.geo.edgeCorners[hb.edge] ?? []) out[c] = hb.kind;
  return out;
}

const COMPASS: MessageId[] = [
  "harborfall.compass.e",
  "harborfall.compass.ne",
  "harborfall.compass.n",
  "harborfall.compass.nw",
  "harborfall.compass.w",
  "harborfall.compass.sw",
  "harborfall.compass.s",
  "harborfall.compass.se",
];

/** compass is the direction from a hex's center to a point, as one of eight compass words (north is up). */
function compass(g: Geometry, h: number, p: Point): string {
  const c = hexCenter(g, h);
  const turn = Math.round(Math.atan2(c.y - p.y, p.x - c.x) / (Math.PI / 4));
  return t(COMPASS[(turn + 8) % 8]!);
}

/** PlaceNames are the words for every hex, corner and edge, each different from every other of its kind. */
export interface PlaceNames {
  /** "8 forest (lumber)", with its row when another hex has the same number and terrain */
  hex: string[];
  /** "by 8 forest (lumber), 5 hill (brick) and the sea", or "at the north corner of 8 forest (lumber)" */
  corner: string[];
  /** "between 8 forest (lumber) and 5 hill (brick)", or "on the north-east coast of 8 forest (lumber)" */
  edge: string[];
}

/**
 * namesOf keeps the place names of the islands drawn lately, by language and
 * island: every position of one game shares them, and wording them anew for
 * each would say each of a few hundred names again on every move.
 */
const namesOf = new Map<string, PlaceNames>();

/**
 * placeNames names the island's places so that no two of a kind read the
 * same: a hex by its number and terrain, and its row when that is shared; a
 * corner by the hexes round it, or on the coast by its side of its one hex;
 * an edge by the two hexes beside it, or on the coast by its side of its hex.
 */
export function placeNames(v: HarborfallView): PlaceNames {
  const key = [lang.value, v.geo.hexX.join(), v.geo.hexY.join(), v.terrain.join(), v.number.join(), v.terrains.join(), v.resources.join()].join("|");
  const known = namesOf.get(key);
  if (known) return known;
  const g = v.geo;
  const base = g.hexCorners.map((_, h) => hexName(v, h));
  const rows = [...new Set(g.hexY)].sort((a, b) => a - b);
  const hex = base.map((b, h) => {
    if (base.indexOf(b) === base.lastIndexOf(b)) return b;
    const y = g.hexY[h] ?? 0;
    const left = g.hexCorners.filter((_, k) => g.hexY[k] === y && (g.hexX[k] ?? 0) <= (g.hexX[h] ?? 0)).length;
    return t("harborfall.place.in_row", { hex: b, row: rows.indexOf(y) + 1, n: left });
  });
  const corner = cornerHexes(g).map((hs, c) => {
    if (hs.length === 1) return t("harborfall.place.corner_of", { dir: compass(g, hs[0]!, cornerPoint(g, c)), hex: hex[hs[0]!] ?? "" });
    const hexes = formatList(hs.map((h) => hex[h]!));
    return hs.length < 3 ? t("harborfall.place.by_sea", { hexes }) : t("harborfall.place.by", { hexes });
  });
  // Two corners by the same two hexes and the sea take their side of the first.
  corner.forEach((name, c) => {
    if (corner.indexOf(name) !== corner.lastIndexOf(name)) {
      const h = cornerHexes(g)[c]![0]!;
      corner[c] = t("harborfall.place.side_of", { name, dir: compass(g, h, cornerPoint(g, c)), hex: hex[h] ?? "" });
    }
  });
  const edge = edgeHexes(g).map((hs, e) =>
    hs.length < 2
      ? t("harborfall.place.coast_of", { dir: compass(g, hs[0] ?? 0, edgeMid(g, e)), hex: hex[hs[0] ?? 0] ?? t("harborfall.place.island") })
      : t("harborfall.place.between", { hexes: formatList(hs.map((h) => hex[h]!)) }),
  );
  const names = { hex, corner, edge };
  if (namesOf.size >= 8) namesOf.clear();
  namesOf.set(key, names);
  return names;
}

/** cornerLabel names a corner by its place, its harbor and its building. */
export function cornerLabel(v: HarborfallView, c: number, harbors: number[]): string {
  let label = t("harborfall.place.corner", { place: placeNames(v).corner[c] ?? "" });
  if ((harbors[c] ?? -1) >= 0) label = t("harborfall.place.with_harbor", { label, harbor: harborText(harbors[c]!, v.resources) });
  const owner = v.owner[c] ?? -1;
  if (owner < 0) return label;
  const name = v.players[owner]?.name ?? t("harborfall.place.someone");
  return v.city[c] ? t("harborfall.place.with_city", { label, name }) : t("harborfall.place.with_settlement", { label, name });
}

/** ownerName is a seat's name as the board's pieces say it. */
const ownerName = (v: HarborfallView, seat: number) => v.players[seat]?.name ?? t("harborfall.seat", { n: seat + 1 });

/** buildingLabel names a building on the board by its owner, its kind and its corner: "Ana's city by 8 forest (lumber), …". */
export function buildingLabel(v: HarborfallView, c: number): string {
  const words = { name: ownerName(v, v.owner[c] ?? 0), place: placeNames(v).corner[c] ?? "" };
  return v.city[c] ? t("harborfall.place.city", words) : t("harborfall.place.settlement", words);
}

/** roadLabel names a road on the board by its owner and its edge: "Ana's road between 8 forest (lumber) and 5 hill (brick)". */
export function roadLabel(v: HarborfallView, e: number): string {
  return t("harborfall.place.road", { name: ownerName(v, v.road[e] ?? 0), place: placeNames(v).edge[e] ?? "" });
}

/** harborLabel names a harbor by its rate and its edge: "Harbor 2:1 wool, on the north coast of 4 pasture (wool)". */
export function harborLabel(v: HarborfallView, kind: number, e: number): string {
  return t("harborfall.place.harbor", { harbor: harborText(kind, v.resources), place: placeNames(v).edge[e] ?? "" });
}

/** edgeLabel names an edge by its place and its road. */
export function edgeLabel(v: HarborfallView, e: number): string {
  const label = t("harborfall.place.edge", { place: placeNames(v).edge[e] ?? "" });
  const owner = v.road[e] ?? -1;
  return owner >= 0 ? t("harborfall.place.with_road", { label, name: v.players[owner]?.name ?? t("harborfall.place.someone") }) : label;
}
