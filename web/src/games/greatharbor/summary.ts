// The Great Harbor's position in words, for the play frame's summary: each
// colony's Prestige, Coins, resources and cards, and the Automa's.

import { t } from "../../i18n/i18n";
import { LUXURIES, RESOURCES } from "./content";
import { bitList, competitorName, type GreatHarborView } from "./view";
import { nameWord } from "./words";

/** summary says, one line a colony in seat order, what each has and has built, then the Automa's standing. */
export function summary(v: GreatHarborView, me: number): string[] {
  const lines = v.players.slice(0, v.n).map((p, s) => {
    const res = p.res.map((k, r) => t("greatharbor.ui.summary.res", { what: nameWord("res", RESOURCES[r] ?? ""), n: k })).join(", ");
    const lux = p.lux.flatMap((k, l) => (k > 0 ? [t("greatharbor.ui.amount", { n: k, what: nameWord("lux", LUXURIES[l] ?? "") })] : [])).join(", ");
    const name = competitorName(v, s);
    return t("greatharbor.ui.summary.line", {
      who: s === me ? t("greatharbor.ui.summary.you", { who: name }) : name,
      prestige: p.prestige,
      coins: p.coins,
      favor: p.favor,
      res,
      lux: lux ? t("greatharbor.ui.summary.lux", { lux }) : "",
      buildings: bitList(p.buildings).length,
      ships: p.ships.filter((sh) => sh.card >= 0).length,
      free: p.free,
    });
  });
  const a = v.automa;
  if (a)
    lines.push(
      t("greatharbor.ui.summary.automa", {
        prestige: a.prestige,
        people: bitList(a.people).length,
        buildings: bitList(a.buildings).length,
        ships: bitList(a.allShips).length,
      }),
    );
  return lines;
}
