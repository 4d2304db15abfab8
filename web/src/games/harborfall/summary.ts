// Harborfall's position in words, for the play frame's summary: each
// player's points, cards and bonuses, and the viewer's own hand.

import { plural } from "../../format";
import type { Seat } from "../../protocol";
import { handText, type HarborfallView } from "./view";

/** summary says each player's points, cards and pieces on the island, then what the viewer holds. */
export function summary(v: HarborfallView, me: Seat): string[] {
  const lines = v.players.map((p, s) => {
    const built = v.owner.filter((o) => o === s).length;
    const cities = v.owner.filter((o, c) => o === s && v.city[c]).length;
    const roads = v.road.filter((o) => o === s).length;
    const bonus = [v.longestRoad === s ? "longest road" : "", v.largestArmy === s ? "largest army" : ""].filter(Boolean).join(" and ");
    return `${p.name}${s === me ? " (you)" : ""}: ${plural(p.points, "point")}${bonus ? ` (${bonus})` : ""}; ${plural(p.cards, "resource card")}, ${plural(p.devCards, "development card")}; ${plural(built - cities, "settlement")}, ${plural(cities, "city", "cities")}, ${plural(roads, "road")}.`;
  });
  if (v.me) lines.push(`You hold ${handText(v.me.hand, v.resources)}; with your hidden cards you have ${plural(v.me.points, "point")}.`);
  lines.push(`Playing to ${plural(v.target, "point")}.`);
  return lines;
}
