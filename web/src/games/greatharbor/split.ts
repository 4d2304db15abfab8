// The pip-split preview: for a chosen die and slot, the ways the legal moves
// let its pips split between the slot's two tiles, with each tile's Shore Fee
// and the tier it reaches. Only splits the server offers are listed; the
// tier shown is the arithmetic of the printed thresholds (1-2, 3-4, 5-6 pips
// past the fee), so the preview matches what the move will pay.

import type { Move } from "../../protocol";
import { TIER_BASE, tileById, type Gain } from "./content";
import { SLOTS } from "./geometry";
import { DISTRICT, type GreatHarborView } from "./view";

export interface TileShare {
  cell: number;
  tile: string;
  /** the pips the move assigns to the tile */
  pips: number;
  /** pips the move leaves unassigned that the tile shows too, as they change nothing there (a 6 on a tier III tile reads 6, not 5) */
  extra: number;
  /** the tile's Shore Fee before any Smuggler token */
  fee: number;
  /** a Smuggler token ignores this tile's fee */
  waived: boolean;
  tier: number;
  /** what the tier pays; null at tier 0 */
  gain: Gain | null;
}

export interface SplitOption {
  move: Move;
  shares: TileShare[];
  /** Smuggler tokens this split spends (per the move's waive bits) */
  tokens: number;
  /** pips the die brings, and those left unassigned that no share shows */
  total: number;
  unused: number;
}

const int = (x: unknown) => (typeof x === "number" ? x : 0);

/** tierFor is the tier that pips reach past a fee: 0 below 1, then 1, 2 or 3. */
export function tierFor(pips: number, fee: number): number {
  const e = pips - fee;
  let t = 0;
  for (let k = 1; k < TIER_BASE.length; k++) if (e >= TIER_BASE[k]!) t = k;
  return t;
}

/** diePips is what a die brings to a slot: its face, any temporary pips and the Shops touching the slot. */
export function diePips(v: GreatHarborView, die: number, slot: number): number {
  const d = v.dice[die];
  if (!d) return 0;
  return d.face + d.bonus + (slot === DISTRICT ? 0 : (v.shopPips[slot] ?? 0));
}

/** placeMoves lists the legal placements of one die (optionally on one slot). */
export const placeMoves = (legal: Move[], die: number, slot?: number) =>
  legal.filter((m) => m.type === "place" && int(m.die) === die && (slot === undefined || int(m.slot) === slot));

/** slotsFor lists the slots (and the District, 24) where a die may go, in slot order. */
export function slotsFor(legal: Move[], die: number): number[] {
  return [...new Set(placeMoves(legal, die).map((m) => int(m.slot)))].sort((a, b) => a - b);
}

/** splitOptions previews every legal split of a die on a harbor slot, best tiers first. */
export function splitOptions(v: GreatHarborView, legal: Move[], die: number, slot: number): SplitOption[] {
  const shape = SLOTS[slot];
  if (!shape) return [];
  const total = diePips(v, die, slot);
  const out = placeMoves(legal, die, slot).map((m) => {
    const waive = int(m.waive);
    const shares: TileShare[] = [];
    shape.cells.forEach((cell, k) => {
      if (cell < 0) return;
      const pips = k === 0 ? int(m.first) : int(m.second);
      const fee = v.fees[cell] ?? 0;
      const waived = (waive & (1 << k)) !== 0;
      const tier = tierFor(pips, waived ? 0 : fee);
      const tile = v.tiles[cell] ?? "";
      shares.push({ cell, tile, pips, extra: 0, fee, waived, tier, gain: tier > 0 ? (tileById(tile)?.tiers[tier - 1] ?? null) : null });
    });
    // The move assigns the fewest pips each tier needs; the rest go, for the
    // eye, to the first paying tile whose tier they leave as it is.
    let unused = total - int(m.first) - int(m.second);
    const to = shares.find((x) => x.tier > 0 && tierFor(x.pips + unused, x.waived ? 0 : x.fee) === x.tier);
    if (to) {
      to.extra = unused;
      unused = 0;
    }
    const bits = (waive & 1) + ((waive >> 1) & 1);
    return { move: m, shares, tokens: bits, total, unused };
  });
  const score = (o: SplitOption) => o.shares.reduce((s, x) => s + x.tier, 0) * 10 - o.tokens;
  return out.sort((a, b) => score(b) - score(a));
}
