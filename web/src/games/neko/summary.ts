// Neko Harbour's position in words, for the play frame's summary: each
// player's points so far, harbour, line, ships and supply.

import { formatList, t } from "../../i18n/i18n";
import type { Seat } from "../../protocol";
import { countWords } from "./cards";
import { GHOST, RES, scoreSoFar, type NekoView } from "./view";

/** summary says, one line a player in seat order, their points so far and what their town holds. */
export function summary(v: NekoView, me: Seat): string[] {
  return v.players.map((p) => {
    const held = RES.filter((r) => p.supply[r] > 0).map((r) => countWords(p.supply[r], r));
    const ships = p.ships.filter((s) => s.index !== GHOST).length;
    return t(p.seat === me ? "neko.summary.mine" : "neko.summary", {
      name: p.name,
      points: scoreSoFar(p),
      harbour: p.harbour,
      columns: p.columns.length,
      ships,
      supply: held.length ? formatList(held) : t("neko.summary.empty"),
      hand: p.handCount,
    });
  });
}
