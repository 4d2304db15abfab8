// The Harbor Holdings board as content (names, kinds, groups, prices: the
// engine's own board.json, imported at build time) and its drawing geometry. No rules live here:
// what a player may do comes from the server's legal moves.

import raw from "../../../../games/holdings/board.json";
import { t } from "../../i18n/i18n";

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

/** Group colors; each has a name (holdings.group.<key>), so the color is never the only signal. */
export const GROUPS: Record<string, string> = {
  brown: "#8d5524",
  lightblue: "#7fc8f8",
  pink: "#e0569b",
  orange: "#f07c12",
  red: "#d62828",
  yellow: "#f2c202",
  green: "#2a9d3f",
  darkblue: "#1d3f9e",
};

/** groupOf is a street's color group, its name in the reader's language, or null for a space of no group. */
export function groupOf(space: number): { name: string; fill: string } | null {
  const g = SPACES[space]?.group;
  if (!g) return null;
  const fill = GROUPS[g];
  return fill ? { name: t(`holdings.group.${g}`), fill } : { name: g, fill: "#999" };
}

export const isOwnable = (s: Space) => s.kind === "street" || s.kind === "ferry" || s.kind === "utility";

/** spaceKey is a space's printed name in lower camel case, as its message id ends: "Net Menders Row" is "netMendersRow". */
export const spaceKey = (name: string) =>
  name
    .split(" ")
    .map((w, k) => (k === 0 ? w.charAt(0).toLowerCase() : w.charAt(0).toUpperCase()) + w.slice(1))
    .join("");

/** spaceName is a space's name in the reader's language; a long German word in it may hold soft hyphens (U+00AD) where it may break. */
export const spaceName = (i: number) => {
  const s = SPACES[i];
  return s ? t(`holdings.space.${spaceKey(s.name)}`) : t("holdings.spaceN", { n: i });
};

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

/** A soft hyphen: where a long word of a name in the catalogs may break. */
const SHY = "\u00ad";

/** nameParts is a big board's lines of a space name: one word a line, a long word broken as wrapName breaks it. */
export function nameParts(name: string): string[] {
  return name.split(" ").flatMap((w) => wrapName(w));
}

/** wrapName splits a space name into lines of at most max characters, breaking a longer word at its soft hyphens. */
export function wrapName(name: string, max = 10): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of name.split(" ")) {
    const whole = word.replaceAll(SHY, "");
    const parts = whole.length > max ? word.split(SHY) : [whole];
    parts.forEach((p, k) => {
      const piece = k < parts.length - 1 ? `${p}-` : p;
      // A part of the word on the line goes on after it, dropping the line's break hyphen.
      const joined = line === "" ? piece : k === 0 ? `${line} ${piece}` : `${line.slice(0, -1)}${piece}`;
      if (line && joined.length > max) {
        lines.push(line);
        line = piece;
      } else line = joined;
    });
  }
  if (line) lines.push(line);
  return lines;
}
