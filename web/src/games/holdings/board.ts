// The Harbor Holdings board as content (names, kinds, groups, prices: the
// engine's own board.json, imported at build time) and its drawing geometry. No rules live here:
// what a player may do comes from the server's legal moves.

import raw from "../../../../games/holdings/board.json";

export type SpaceKind = "gate" | "street" | "dispatch" | "levy" | "ferry" | "utility" | "customs" | "festival" | "inspection";

export interface Space {
  index: number;
  name: string;
  kind: SpaceKind;
  group?: string;
  price?: number;
  rent?: number;
  amount?: number;
}

export const SPACES: readonly Space[] = (raw as Omit<Space, "index">[]).map((s, index) => ({ ...s, index }));
export const NUM_SPACES = SPACES.length;

/** Group colors, with names, so the color is never the only signal. */
export const GROUPS: Record<string, { name: string; fill: string }> = {
  brown: { name: "Brown", fill: "#8d5524" },
  lightblue: { name: "Light blue", fill: "#7fc8f8" },
  pink: { name: "Pink", fill: "#e0569b" },
  orange: { name: "Orange", fill: "#f07c12" },
  red: { name: "Red", fill: "#d62828" },
  yellow: { name: "Yellow", fill: "#f2c202" },
  green: { name: "Green", fill: "#2a9d3f" },
  darkblue: { name: "Dark blue", fill: "#1d3f9e" },
};

export function groupOf(space: number): { name: string; fill: string } | null {
  const g = SPACES[space]?.group;
  return g ? (GROUPS[g] ?? { name: g, fill: "#999" }) : null;
}

export const isOwnable = (s: Space) => s.kind === "street" || s.kind === "ferry" || s.kind === "utility";

export const spaceName = (i: number) => SPACES[i]?.name ?? `space ${i}`;

/** Board geometry: an 11 × 11 grid of CELL units; Harbor Gate is the bottom-right corner and play runs clockwise. */
export const CELL = 100;
export const SIDE = 11 * CELL;

export type Edge = "bottom" | "left" | "top" | "right" | "corner";

export interface Cell {
  x: number;
  y: number;
  edge: Edge;
}

/** cellOf returns the top-left corner of space i's cell and the board edge it lies on. */
export function cellOf(i: number): Cell {
  const n = ((i % 40) + 40) % 40;
  const corner = n % 10 === 0;
  if (n <= 10) return { x: (10 - n) * CELL, y: 10 * CELL, edge: corner ? "corner" : "bottom" };
  if (n <= 20) return { x: 0, y: (20 - n) * CELL, edge: corner ? "corner" : "left" };
  if (n <= 30) return { x: (n - 20) * CELL, y: 0, edge: corner ? "corner" : "top" };
  return { x: 10 * CELL, y: (n - 30) * CELL, edge: "right" };
}

/** stepsBetween is how many spaces forward (clockwise) it is from a to b. */
export function stepsBetween(a: number, b: number): number {
  return (((b - a) % NUM_SPACES) + NUM_SPACES) % NUM_SPACES;
}

/** path lists the spaces a token passes through going forward from a to b (b included, a not). */
export function path(a: number, b: number): number[] {
  const n = stepsBetween(a, b);
  return Array.from({ length: n }, (_, k) => (a + k + 1) % NUM_SPACES);
}

/** wrapName splits a space name into lines of at most max characters. */
export function wrapName(name: string, max = 10): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of name.split(" ")) {
    if (line && line.length + 1 + word.length > max) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}
