// Harbor Holdings' position in words, for the play frame's summary: each
// player's Coins, net worth, spaces and where their token stands.

import { t } from "../../i18n/i18n";
import type { Seat } from "../../protocol";
import { spaceName } from "./board";
import { seatName } from "./moves";
import type { HoldingsView } from "./view";

/** summary says each player's standing, one line a player, in seat order. */
export function summary(v: HoldingsView, me: Seat): string[] {
  return v.names.slice(0, v.players).map((n, s) => {
    const name = n || seatName([], s);
    const who = s === me ? t("holdings.summary.you", { who: name }) : name;
    if (v.out.includes(s)) return t("holdings.summary.out", { who });
    const spaces = v.owner.filter((o) => o === s).length;
    const improved = v.owner.reduce((sum, o, i) => (o === s ? sum + (v.improvements[i] ?? 0) : sum), 0);
    return t(improved ? "holdings.summary.improved" : "holdings.summary.line", {
      who,
      cash: v.cash[s] ?? 0,
      worth: v.netWorth[s] ?? 0,
      spaces,
      levels: improved,
      place: spaceName(v.pos[s] ?? 0),
    });
  });
}
