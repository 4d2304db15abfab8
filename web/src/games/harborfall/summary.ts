// Harborfall's position in words, for the play frame's summary: each
// player's points, cards and bonuses, and the viewer's own hand.

import { t } from "../../i18n/i18n";
import type { Seat } from "../../protocol";
import { handText, type HarborfallView } from "./view";

/** summary says each player's points, cards and pieces on the island, then what the viewer holds. */
export function summary(v: HarborfallView, me: Seat): string[] {
  const lines = v.players.map((p, s) => {
    const built = v.owner.filter((o) => o === s).length;
    const cities = v.owner.filter((o, c) => o === s && v.city[c]).length;
    const roads = v.road.filter((o) => o === s).length;
    const road = v.longestRoad === s;
    const army = v.largestArmy === s;
    const bonus =
      road && army ? t("harborfall.summary.both_bonuses") : road ? t("harborfall.summary.longest_road") : army ? t("harborfall.summary.largest_army") : "";
    const name = s === me ? t("harborfall.summary.you", { name: p.name }) : p.name;
    const points = bonus ? t("harborfall.summary.points_bonus", { n: p.points, bonus }) : t("harborfall.summary.points", { n: p.points });
    return t("harborfall.summary.player", {
      name,
      points,
      cards: p.cards,
      dev: p.devCards,
      settlements: built - cities,
      cities,
      roads,
    });
  });
  if (v.me) lines.push(t("harborfall.summary.hand", { cards: handText(v.me.hand), n: v.me.points }));
  lines.push(t("harborfall.summary.target", { n: v.target }));
  return lines;
}
