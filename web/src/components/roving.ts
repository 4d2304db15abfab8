// A roving tab index: a board whose places are many controls is one Tab stop,
// and the arrow keys move the focus among its places (the WAI-ARIA pattern for
// a composite widget). Holdings' ring and Harborfall's island share the keys;
// each board says where a key leads (round its ring, or toward the nearest
// place on the page).

import { useState } from "preact/hooks";

export interface Point {
  x: number;
  y: number;
}

const DIRECTIONS: Record<string, [number, number]> = {
  ArrowRight: [1, 0],
  ArrowLeft: [-1, 0],
  ArrowDown: [0, 1],
  ArrowUp: [0, -1],
};

/**
 * roveAmong says where a key moves the focus among places drawn at points,
 * from the place at index from: an arrow key to the nearest place that lies
 * that way (within about 60 degrees of it, nearer the line counting more), or,
 * with none that way, to the next place in order (Right, Down) or the one
 * before (Left, Up), round the end; Home and End to the first and the last.
 * null: the key is not one of these, and the board leaves it alone.
 */
export function roveAmong(points: readonly Point[], from: number, key: string): number | null {
  const n = points.length;
  if (n === 0) return null;
  if (key === "Home") return 0;
  if (key === "End") return n - 1;
  const dir = DIRECTIONS[key];
  if (!dir) return null;
  const p = points[from];
  let best = -1;
  let bestScore = Number.POSITIVE_INFINITY;
  if (p) {
    points.forEach((q, i) => {
      if (i === from) return;
      const dx = q.x - p.x;
      const dy = q.y - p.y;
      const along = dx * dir[0] + dy * dir[1];
      const across = Math.abs(dx * dir[1] - dy * dir[0]);
      if (along <= 0 || across > 2 * along) return;
      const score = along + 2 * across;
      if (score < bestScore) {
        bestScore = score;
        best = i;
      }
    });
  }
  if (best >= 0) return best;
  const forward = dir[0] + dir[1] > 0;
  return (from + (forward ? 1 : n - 1)) % n;
}

/**
 * rovingKeyDown handles a key on one place of a roving board: Enter and Space
 * choose it (when it can be chosen), and a key that next maps to a place moves
 * the focus there through go. Keys the board does not use pass on.
 */
export function rovingKeyDown(e: KeyboardEvent, next: (key: string) => number | null, go: (i: number) => void, choose?: () => void): void {
  if (e.key === "Enter" || e.key === " ") {
    if (!choose) return;
    e.preventDefault();
    choose();
    return;
  }
  const n = next(e.key);
  if (n !== null) {
    e.preventDefault();
    go(n);
  }
}

/**
 * useRovingCursor keeps which of a board's places (by key) holds the one Tab
 * stop: the one last moved to while it is still among keys, else the first.
 */
export function useRovingCursor(keys: readonly string[]): [string | undefined, (key: string) => void] {
  const [cursor, setCursor] = useState<string | null>(null);
  return [cursor !== null && keys.includes(cursor) ? cursor : keys[0], setCursor];
}
