// Player words for costs, gains and cards, shared by the labels, the screens
// and the quick reference.

import { BUILDINGS, COLOURS, CONVERSIONS, LUXURIES, PEOPLE, RESOURCES, SHIPS, STRUCTURES, type Gain } from "./content";

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
export const resName = (r: number) => cap(RESOURCES[r] ?? "?");
export const luxName = (l: number) => cap(LUXURIES[l] ?? "?");
export const colourName = (c: number) => cap(COLOURS[c] ?? "?");
export const shipName = (c: number) => SHIPS[c]?.name ?? `Ship ${c + 1}`;
export const personName = (c: number) => (PEOPLE[c] ? `${PEOPLE[c]!.name} #${PEOPLE[c]!.number}` : `Person ${c + 1}`);
export const buildingName = (c: number) => BUILDINGS[c]?.name ?? `Building ${c + 1}`;
export const structureName = (c: number) => STRUCTURES[c]?.name ?? `Structure ${c + 1}`;
export const conversionName = (c: number) => CONVERSIONS[c]?.name ?? `Conversion ${c + 1}`;

/** costText: "1 Planks, 2 Rope", or "free". */
export function costText(cost: number[]): string {
  const parts = cost.flatMap((k, r) => (k > 0 ? [`${k} ${resName(r)}`] : []));
  return parts.length ? parts.join(", ") : "free";
}

/** gainText says what a Gain pays: "2 Rope, 1 Favor". */
export function gainText(g: Gain): string {
  const parts: string[] = [];
  g.res.forEach((k, r) => k > 0 && parts.push(`${k} ${resName(r)}`));
  const add = (k: number, one: string, many = one) => k > 0 && parts.push(`${k} ${k === 1 ? one : many}`);
  add(g.colonists, "Colonist", "Colonists");
  add(g.favor, "Favor");
  add(g.coins, "Coin", "Coins");
  add(g.prestige, "Prestige");
  add(g.smuggler, "Smuggler token", "Smuggler tokens");
  add(g.diceResource, "resource of the die's color", "resources of the die's color");
  add(g.buildingDeck, "Building card from the deck", "Building cards from the deck");
  add(g.buildingDisplay, "Building card from the display", "Building cards from the display");
  add(g.personDeck, "Person card from the deck", "Person cards from the deck");
  add(g.personDisplay, "Person card from the display", "Person cards from the display");
  if (g.ship) parts.push(`a ${g.ship} Ship card`);
  add(g.luxury, "luxury", "luxuries");
  add(g.card, "card", "cards");
  return parts.length ? parts.join(", ") : "nothing";
}
