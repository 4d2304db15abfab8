// The Great Harbor's cards in words: for each Person, Building and Ship card
// the kind line, a short effect for its face (with the icons drawn beside it)
// and a rules line for its large view. The effects are keyed by the engine's
// effect names (games/greatharbor/data), so a card's words follow its data.

import { BUILDINGS, PEOPLE, SHIPS, SIZES } from "./content";
import type { IconName } from "./icons";
import { t } from "../../i18n/i18n";
import { colourWord } from "./moves";
import { buildingName, personName, shipName } from "./words";

export type CardKind = "person" | "building" | "ship";

export interface CardWords {
  /** the card's name as the screens print it */
  name: string;
  /** the engine's color index */
  colour: number;
  /** "Person", "Building", "Ship" with its size */
  kindName: string;
  /** when or how the effect works: "Action", "Voyage", "Employ 1 Colonist", "Game end" */
  when: string;
  /** the resource counts it costs (planks, rope, metal, sails); all zero when free */
  cost: number[];
  prestige: number;
  /** Speed, Strength, Cargo and Hull of a Ship card */
  figures: { key: string; name: string; value: number }[];
  /** the icons drawn before the short effect */
  icons: IconName[];
  /** the effect in a few words, for the card's face */
  short: string;
  /** the rules line, for the large view */
  rule: string;
}

/** The icons drawn before each effect's short words; the words are the catalog's "greatharbor.ui.card.<kind>.<effect>.short" and ".rule". */
const PERSON_ICONS: Record<string, IconName[]> = {
  flip: ["die"],
  pips: ["die"],
  wild: ["die"],
  legate: ["shop"],
  admiral: ["favor", "ship"],
  cargo: ["ship"],
  quaestor: ["colonist"],
  trader: ["luxury"],
  ship_refresh: ["ship"],
  praefectus: ["building"],
  architect: ["building"],
  coins_far: ["coins"],
  diplomat: ["pirate"],
  tribune: ["favor", "smuggler"],
  corsair: ["ship"],
  schemer: ["smuggler"],
  navigator: ["ship"],
  praetor: [],
};

const BUILDING_ICONS: Record<string, IconName[]> = {
  none: ["prestige"],
  naval_academy: ["colonist", "ship"],
  dockyard_arsenal: ["ship"],
  warship_foundry: ["ship"],
  smithy: ["prestige", "ship"],
  port_crane: ["die"],
  market_square: ["luxury"],
  customs_office: ["coins"],
  tavern: ["prestige", "building"],
  engineers_hut: ["colonist", "shop"],
  fleetyard: ["favor"],
  lighthouse: ["pirate"],
  odeon: ["prestige", "shop"],
  house_of_censors: [],
  harbor_master: ["die"],
  governors_villa: ["favor"],
  curia: ["prestige", "colonist"],
};

const BUILDING_WHEN = new Set(["none", "employ", "employ2", "ongoing", "endgame"]);

const NO_COST = [0, 0, 0, 0];

/** cardWords is everything a card says, or null for an index no card has. */
export function cardWords(kind: CardKind, n: number): CardWords | null {
  if (kind === "person") {
    const p = PEOPLE[n];
    if (!p) return null;
    const known = p.effect in PERSON_ICONS;
    const colour = colourWord(p.colour);
    const rule = known ? t(`greatharbor.ui.card.person.${p.effect}.rule`, { colour }) : "";
    return {
      name: personName(n),
      colour: p.colour,
      kindName: t("greatharbor.ui.card.kind.person"),
      when: t(p.voyage ? "greatharbor.ui.card.when.voyage" : "greatharbor.ui.card.when.action"),
      cost: NO_COST,
      prestige: 0,
      figures: [],
      icons: PERSON_ICONS[p.effect] ?? [],
      short: known ? t(`greatharbor.ui.card.person.${p.effect}.short`, { colour }) : p.effect,
      rule: t(p.voyage ? "greatharbor.ui.card.person_rule_voyage" : "greatharbor.ui.card.person_rule_action", { rule }).trim(),
    };
  }
  if (kind === "building") {
    const b = BUILDINGS[n];
    if (!b) return null;
    const known = b.effect in BUILDING_ICONS;
    return {
      name: buildingName(n),
      colour: b.colour,
      kindName: t("greatharbor.ui.card.kind.building"),
      when: BUILDING_WHEN.has(b.kind) ? t(`greatharbor.ui.card.when.${b.kind}`) : b.kind,
      cost: b.cost,
      prestige: b.prestige,
      figures: [],
      icons: BUILDING_ICONS[b.effect] ?? [],
      short: known ? t(`greatharbor.ui.card.building.${b.effect}.short`) : b.effect,
      rule: known ? t(`greatharbor.ui.card.building.${b.effect}.rule`) : "",
    };
  }
  const s = SHIPS[n];
  if (!s) return null;
  const size = SIZES[s.size] ?? "small";
  return {
    name: shipName(n),
    colour: s.colour,
    kindName: t(`greatharbor.ui.card.kind.ship_${size}`),
    when: t("greatharbor.ui.card.when.launch"),
    cost: s.cost,
    prestige: s.prestige,
    figures: [
      { key: "speed", name: t("greatharbor.stat.speed"), value: s.speed },
      { key: "strength", name: t("greatharbor.stat.strength"), value: s.strength },
      { key: "cargo", name: t("greatharbor.stat.cargo"), value: s.cargo },
      { key: "hull", name: t("greatharbor.ui.card.hull"), value: s.hull },
    ],
    icons: [],
    short: "",
    rule: t("greatharbor.ui.card.ship_rule"),
  };
}
