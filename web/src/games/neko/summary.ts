// Neko Harbour's position in words, for the play frame's summary: each
// player's points so far, harbour, line, ships and supply.

import { plural } from "../../format";
import type { Seat } from "../../protocol";
import { BUNDLE_WORDS, GHOST, RES, scoreSoFar, type NekoView } from "./view";

/** summary says, one line a player in seat order, their points so far and what their town holds. */
export function summary(v: NekoView, me: Seat): string[] {
  return v.players.map((p) => {
    const held = RES.filter((r) => p.supply[r] > 0).map((r) => `${p.supply[r]} ${BUNDLE_WORDS[r] ?? r}`);
    const ships = p.ships.filter((s) => s.index !== GHOST).length;
    return `${p.name}${p.seat === me ? " (you)" : ""}: ${plural(scoreSoFar(p), "point")}; harbour level ${p.harbour}, ${plural(p.columns.length, "column")}, ${plural(ships, "ship")}; supply ${held.join(", ") || "empty"}; ${plural(p.handCount, "card")} in hand.`;
  });
}
