// The Great Harbor's position in words, for the play frame's summary: each
// colony's Prestige, Coins, resources and cards, and the Automa's.

import { plural } from "../../format";
import { bitList, competitorName, type GreatHarborView } from "./view";
import { luxName, resName } from "./words";

/** summary says, one line a colony in seat order, what each has and has built, then the Automa's standing. */
export function summary(v: GreatHarborView, me: number): string[] {
  const lines = v.players.slice(0, v.n).map((p, s) => {
    const res = p.res.map((k, r) => `${resName(r).toLowerCase()} ${k}`).join(", ");
    const lux = p.lux.flatMap((k, l) => (k > 0 ? [`${k} ${luxName(l).toLowerCase()}`] : [])).join(", ");
    const ships = p.ships.filter((sh) => sh.card >= 0).length;
    return `${competitorName(v, s)}${s === me ? " (you)" : ""}: ${p.prestige} Prestige, ${p.coins} Coins, ${p.favor} Favor; resources ${res}${lux ? `; luxuries ${lux}` : ""}; ${plural(bitList(p.buildings).length, "building")}, ${plural(ships, "ship")}, ${plural(p.free, "free Colonist")}.`;
  });
  const a = v.automa;
  if (a)
    lines.push(
      `Automa: ${a.prestige} Prestige; ${plural(bitList(a.people).length, "Person", "People")}, ${plural(bitList(a.buildings).length, "building")}, ${plural(bitList(a.allShips).length, "ship")}.`,
    );
  return lines;
}
