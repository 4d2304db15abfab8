// Where things sit on the Harbor: a 3×3 grid of tiles (cells r*3+c) with dice
// slots on the tile edges. Slot r*3+c is the horizontal edge above row r
// (r = 0..3); slot 12+r*4+c is the vertical edge left of column c (c = 0..3).
// Edges on the outer frame are shore slots, touching one tile. This is the
// board's shape (games/greatharbor/geometry.go), not a rule.

import { t } from "../../i18n/i18n";
export interface SlotShape {
  /** the tiles the slot touches: first, then second (-1 on a shore slot) */
  cells: [number, number];
  shore: boolean;
  /** the slot's center, in tile units from the Harbor's top-left corner */
  x: number;
  y: number;
  horizontal: boolean;
}

function shape(slot: number): SlotShape {
  if (slot < 12) {
    const r = Math.floor(slot / 3);
    const c = slot % 3;
    const cells: [number, number] = r === 0 ? [c, -1] : r === 3 ? [6 + c, -1] : [(r - 1) * 3 + c, r * 3 + c];
    return { cells, shore: r === 0 || r === 3, x: c + 0.5, y: r, horizontal: true };
  }
  const i = slot - 12;
  const r = Math.floor(i / 4);
  const c = i % 4;
  const cells: [number, number] = c === 0 ? [r * 3, -1] : c === 3 ? [r * 3 + 2, -1] : [r * 3 + c - 1, r * 3 + c];
  return { cells, shore: c === 0 || c === 3, x: c, y: r + 0.5, horizontal: false };
}

export const SLOTS: SlotShape[] = Array.from({ length: 24 }, (_, s) => shape(s));

/** cellSlots lists a tile's four slots: north, east, south, west. */
export function cellSlots(cell: number): number[] {
  const r = Math.floor(cell / 3);
  const c = cell % 3;
  return [r * 3 + c, 12 + r * 4 + c + 1, (r + 1) * 3 + c, 12 + r * 4 + c];
}

/** Shop corners: vertex vr*4+vc of the grid, at (vc, vr) in tile units. The board, the buttons and the log call vertex v "corner v+1". */
export const vertexXY = (v: number) => ({ x: v % 4, y: Math.floor(v / 4) });

/** A Shop site: a grid corner and the tile whose corner it is, touching that tile's two slots there. */
export interface SiteShape {
  vertex: number;
  cell: number;
  slots: [number, number];
}

/** SITES are the 36 Shop sites in the engine's order: by corner in reading order, then by the tiles meeting there (top left, top right, bottom left, bottom right). */
export const SITES: SiteShape[] = Array.from({ length: 16 }, (_, vertex) => {
  const vr = Math.floor(vertex / 4);
  const vc = vertex % 4;
  return [
    [-1, -1],
    [-1, 0],
    [0, -1],
    [0, 0],
  ].flatMap(([dr, dc]) => {
    const r = vr + dr!;
    const c = vc + dc!;
    if (r < 0 || r > 2 || c < 0 || c > 2) return [];
    const cell = r * 3 + c;
    const [n, e, s, w] = cellSlots(cell) as [number, number, number, number];
    return [{ vertex, cell, slots: [vr === r ? n : s, vc === c ? w : e] as [number, number] }];
  });
}).flat();

/** cornerNumber is the number the board shows at a Shop site's corner (1-16). */
export const cornerNumber = (site: number) => (SITES[site]?.vertex ?? -1) + 1;

const SIDES = ["north", "east", "south", "west"];

/** cellPlace names where a tile lies: "top left". */
export const cellPlace = (cell: number) => t(`greatharbor.ui.cell.${cell}`);

/** slotSide names which side of its first tile a slot is on, or of tile cell when given. */
export function slotSide(slot: number, cell = SLOTS[slot]!.cells[0]): string {
  const side = SIDES[cellSlots(cell).indexOf(slot)];
  return side ? t(`greatharbor.ui.side.${side}`) : "";
}
