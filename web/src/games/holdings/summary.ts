// Harbor Holdings' position in words, for the play frame's summary: each
// player's Coins, net worth, spaces and where their token stands.

import { coins, plural } from "../../format";
import type { Seat } from "../../protocol";
import { SPACES } from "./board";
import type { HoldingsView } from "./view";

/** summary says each player's standing, one line a player, in seat order. */
export function summary(v: HoldingsView, me: Seat): string[] {
  return v.names.slice(0, v.players).map((n, s) => {
    const who = `${n || `Seat ${s + 1}`}${s === me ? " (you)" : ""}`;
    if (v.out.includes(s)) return `${who}: out of the game.`;
    const spaces = v.owner.filter((o) => o === s).length;
    const improved = v.owner.reduce((t, o, i) => (o === s ? t + (v.improvements[i] ?? 0) : t), 0);
    return `${who}: ${coins(v.cash[s] ?? 0)} Coins, net worth ${coins(v.netWorth[s] ?? 0)}; ${plural(spaces, "space")}${improved ? ` with ${plural(improved, "improvement")}` : ""}; on ${SPACES[v.pos[s] ?? 0]?.name ?? "the board"}.`;
  });
}
