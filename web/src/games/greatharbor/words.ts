// Player words for costs, gains and cards, shared by the labels, the screens
// and the quick reference. Printed names (cards, tiles, goods) are words of
// the game's catalogs, keyed by their English name as the engine keys them
// (games/greatharbor/msgs.go, wordKey).

import { t } from "../../i18n/i18n";
import { BUILDINGS, COLOURS, CONVERSIONS, GOVERNORS, LUXURIES, PEOPLE, RESOURCES, SHIPS, STRUCTURES, TILES, type Gain } from "./content";

/** wordKey is a printed name's catalog key: "Engineer's Hut" is "engineers_hut". */
export const wordKey = (name: string) =>
  (
    name
      .toLowerCase()
      .replace(/'/g, "")
      .match(/[a-z0-9]+/g) ?? []
  ).join("_");

/** nameWord is a printed name in the reader's language: nameWord("ship", "Celox"). */
export const nameWord = (kind: string, name: string) => t(`greatharbor.${kind}.${wordKey(name)}`);

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const nameOr = (kind: string, name: string | undefined, n: number) => (name ? nameWord(kind, name) : t(`greatharbor.ui.unknown.${kind}`, { n: n + 1 }));
export const resName = (r: number) => cap(RESOURCES[r] ? nameWord("res", RESOURCES[r]!) : "?");
export const luxName = (l: number) => cap(LUXURIES[l] ? nameWord("lux", LUXURIES[l]!) : "?");
/** colourName is a color as a label: "Red". */
export const colourName = (c: number) => (COLOURS[c] ? t(`greatharbor.ui.color.${COLOURS[c]}`) : "?");
export const shipName = (c: number) => nameOr("ship", SHIPS[c]?.name, c);
export const personName = (c: number) =>
  PEOPLE[c] ? t("greatharbor.ui.person", { name: nameWord("person", PEOPLE[c]!.name), number: PEOPLE[c]!.number }) : nameOr("person", undefined, c);
export const buildingName = (c: number) => nameOr("building", BUILDINGS[c]?.name, c);
export const structureName = (c: number) => nameOr("structure", STRUCTURES[c]?.name, c);
export const conversionName = (c: number) => nameOr("conversion", CONVERSIONS[c]?.name, c);
export const governorName = (c: number) => nameOr("governor", GOVERNORS[c]?.name, c);
/** tileName is a Harbor tile's name by its id, or undefined for no such tile. */
export const tileName = (id: string) => {
  const tile = TILES.find((x) => x.id === id);
  return tile ? nameWord("tile", tile.name) : undefined;
};

/** costText: "1 Planks, 2 Rope", or "free". */
export function costText(cost: number[]): string {
  const parts = cost.flatMap((k, r) => (k > 0 ? [t("greatharbor.ui.amount", { n: k, what: resName(r) })] : []));
  return parts.length ? parts.join(", ") : t("greatharbor.ui.free");
}

/** gainText says what a Gain pays: "2 Rope, 1 Favor". */
export function gainText(g: Gain): string {
  const parts: string[] = [];
  g.res.forEach((k, r) => k > 0 && parts.push(t("greatharbor.ui.amount", { n: k, what: resName(r) })));
  const add = (k: number, what: string) => k > 0 && parts.push(t(`greatharbor.ui.gain.${what}`, { n: k }));
  add(g.colonists, "colonists");
  add(g.favor, "favor");
  add(g.coins, "coins");
  add(g.prestige, "prestige");
  add(g.smuggler, "smuggler");
  add(g.diceResource, "dice_resource");
  add(g.buildingDeck, "building_deck");
  add(g.buildingDisplay, "building_display");
  add(g.personDeck, "person_deck");
  add(g.personDisplay, "person_display");
  if (g.ship) parts.push(t(`greatharbor.ui.gain.ship_${g.ship}`));
  add(g.luxury, "luxury");
  add(g.card, "card");
  return parts.length ? parts.join(", ") : t("greatharbor.ui.nothing");
}
