// The Great Harbor's cards in words: for each Person, Building and Ship card
// the kind line, a short effect for its face (with the icons drawn beside it)
// and a rules line for its large view. The effects are keyed by the engine's
// effect names (games/greatharbor/data), so a card's words follow its data.

import { BUILDINGS, PEOPLE, SHIPS, SIZES } from "./content";
import type { IconName } from "./icons";
import { colourName } from "./words";

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
  figures: { name: string; value: number }[];
  /** the icons drawn before the short effect */
  icons: IconName[];
  /** the effect in a few words, for the card's face */
  short: string;
  /** the rules line, for the large view */
  rule: string;
}

type Words = { icons: IconName[]; short: (colour: string) => string; rule: (colour: string) => string };

const PERSON_WORDS: Record<string, Words> = {
  flip: {
    icons: ["die"],
    short: (c) => `Flip up to 2 ${c} dice`,
    rule: (c) =>
      `Choose up to two ${c} dice, among those you drafted or those already on harbor slots, and turn each one over to its opposite face: 1 and 6, 2 and 5, 3 and 4 swap.`,
  },
  pips: {
    icons: ["die"],
    short: (c) => `+2 pips on a ${c} die`,
    rule: (c) => `One ${c} die you drafted counts two extra pips when you next place it. The face it shows does not change.`,
  },
  wild: {
    icons: ["die"],
    short: (c) => `A ${c} die fits any slot`,
    rule: (c) => `For its next placement, one ${c} die you drafted may go on any slot, whatever colors that slot asks for.`,
  },
  legate: {
    icons: ["shop"],
    short: () => "A structure for 2 resources less",
    rule: () => "Build one Dock Hut or Insula on your colony and leave two resources of its price unpaid.",
  },
  admiral: {
    icons: ["favor", "ship"],
    short: () => "Pay 1 Favor: your ships +1 Strength",
    rule: () => "Used during a voyage: hand in 1 Favor, and every ship of yours sails this voyage with 1 more Strength.",
  },
  cargo: {
    icons: ["ship"],
    short: () => "One ship +1 Cargo",
    rule: () => "Used during a voyage: one of your ships carries 1 more Cargo until the voyage is over, so it earns more Coins when it trades.",
  },
  quaestor: {
    icons: ["colonist"],
    short: () => "Gain 2 Colonists",
    rule: () => "Two Colonists come from the supply into free housing on your colony.",
  },
  trader: {
    icons: ["luxury"],
    short: () => "Any luxury meets any demand",
    rule: () => "Used during a voyage: until it ends, a luxury you deliver may fill a Demand tile of any kind, not only its own.",
  },
  ship_refresh: {
    icons: ["ship"],
    short: () => "New Ship cards on offer",
    rule: () => "The three Ship cards on offer go under their decks, and the top card of each deck is turned up in their place.",
  },
  praefectus: {
    icons: ["building"],
    short: () => "A Building on offer, or 2 from the deck",
    rule: () => "Take one of the Building cards on offer into your hand, or draw the top two of the Building deck instead.",
  },
  architect: {
    icons: ["building"],
    short: () => "Build a cheap Building free",
    rule: () => "Put into play one Building from your hand whose price is two resources or fewer, without paying for it.",
  },
  coins_far: {
    icons: ["coins"],
    short: () => "1 Coin per ship far out",
    rule: () => "Used during a voyage: gain 1 Coin for every ship of yours out on the second or third segment of the trade route.",
  },
  diplomat: {
    icons: ["pirate"],
    short: () => "Ignore one pirate card",
    rule: () => "Used during a voyage: one Pirate card already turned up counts as no strength at all against your ships.",
  },
  tribune: {
    icons: ["favor", "smuggler"],
    short: () => "Gain 1 Favor and 1 Smuggler token",
    rule: () => "You receive 1 Favor and 1 Smuggler token.",
  },
  corsair: {
    icons: ["ship"],
    short: () => "One ship +2 Strength",
    rule: () =>
      "Used during a voyage, before the next Pirate card is turned up: one of your ships fights with 2 more Strength. You say whether you use it before seeing the pirates.",
  },
  schemer: {
    icons: ["smuggler"],
    short: () => "Gain 2 Smuggler tokens",
    rule: () => "You receive 2 Smuggler tokens.",
  },
  navigator: {
    icons: ["ship"],
    short: () => "A ship sailing home: 1 space nearer",
    rule: () => "One of your ships on its way back moves one space closer to the Great Harbor; if that brings it home, it docks at your colony.",
  },
  praetor: {
    icons: [],
    short: () => "Two Senate steps",
    rule: () => "Move your Senate markers forward two steps in all: two on one track, or one each on two tracks.",
  },
};

const BUILDING_WORDS: Record<string, Words> = {
  none: {
    icons: ["prestige"],
    short: () => "No effect: Prestige only",
    rule: () => "This Building does nothing while you play; its larger Prestige counts in the final score.",
  },
  naval_academy: {
    icons: ["colonist", "ship"],
    short: () => "A Colonist from the supply crews a ship",
    rule: () =>
      "When you put a Colonist to work here, a second Colonist comes from the supply and joins the crew of one of your docked ships with room for it.",
  },
  dockyard_arsenal: {
    icons: ["ship"],
    short: () => "While staffed: small ships +1 Strength",
    rule: () => "As long as a Colonist works here, each small ship of yours has 1 more Strength.",
  },
  warship_foundry: {
    icons: ["ship"],
    short: () => "While staffed: crewed ships +1 Strength",
    rule: () => "As long as a Colonist works here, each ship of yours with at least one crew member has 1 more Strength.",
  },
  smithy: {
    icons: ["prestige", "ship"],
    short: () => "1 Prestige per medium ship",
    rule: () => "At the final scoring, 1 Prestige for each medium Ship card you launched during the game.",
  },
  port_crane: {
    icons: ["die"],
    short: () => "Move a placed die to an empty slot",
    rule: () =>
      "When you put a Colonist to work here, take a die from any harbor slot and put it on any empty slot, ignoring its colors. Nobody gains anything from the move.",
  },
  market_square: {
    icons: ["luxury"],
    short: () => "Take 1 luxury",
    rule: () => "When you put a Colonist to work here, choose a kind of luxury still left and gain one token of it.",
  },
  customs_office: {
    icons: ["coins"],
    short: () => "Every trade: +1 resource",
    rule: () => "Always on: each time one of your ships trades, you also gain one basic resource of your choice.",
  },
  tavern: {
    icons: ["prestige", "building"],
    short: () => "1 Prestige per 2 Buildings",
    rule: () => "At the final scoring, 1 Prestige for every two Buildings you have built.",
  },
  engineers_hut: {
    icons: ["colonist", "shop"],
    short: () => "A structure for 2 resources less",
    rule: () => "Takes two Colonists. When they start work, build one Dock Hut or Insula and leave two resources of its price unpaid, whichever two you like.",
  },
  fleetyard: {
    icons: ["favor"],
    short: () => "Each ship you launch: +2 Favor",
    rule: () => "Always on: each Ship card you launch brings you 2 Favor.",
  },
  lighthouse: {
    icons: ["pirate"],
    short: () => "See the top Pirate card; keep or discard it",
    rule: () => "When you put a Colonist to work here, you alone see which Pirate card lies on top of its deck; then leave it there or discard it.",
  },
  odeon: {
    icons: ["prestige", "shop"],
    short: () => "1 Prestige per 2 structures",
    rule: () => "At the final scoring, 1 Prestige for each pair of structures (Dock Huts and Insulae) standing on your colony.",
  },
  house_of_censors: {
    icons: [],
    short: () => "One Senate step",
    rule: () => "When you put a Colonist to work here, move one of your Senate markers a step forward.",
  },
  harbor_master: {
    icons: ["die"],
    short: () => "Reroll one die",
    rule: () =>
      "When you put a Colonist to work here, roll one die again: one you drafted, to place with its new face, or one on a harbor slot, which stays on that slot.",
  },
  governors_villa: {
    icons: ["favor"],
    short: () => "Each round's end: +1 Favor",
    rule: () => "Always on: at the end of every round, gain 1 Favor.",
  },
  curia: {
    icons: ["prestige", "colonist"],
    short: () => "1 Prestige per 2 free Colonists",
    rule: () => "At the final scoring, 1 Prestige for every two free Colonists on your colony.",
  },
};

const BUILDING_WHEN: Record<string, string> = {
  none: "Prestige only",
  employ: "Employ 1 Colonist",
  employ2: "Employ 2 Colonists",
  ongoing: "Always on",
  endgame: "Game end",
};

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const NO_COST = [0, 0, 0, 0];

/** cardWords is everything a card says, or null for an index no card has. */
export function cardWords(kind: CardKind, n: number): CardWords | null {
  if (kind === "person") {
    const p = PEOPLE[n];
    if (!p) return null;
    const w = PERSON_WORDS[p.effect];
    const c = colourName(p.colour).toLowerCase();
    return {
      name: `${p.name} #${p.number}`,
      colour: p.colour,
      kindName: "Person",
      when: p.voyage ? "Voyage" : "Action",
      cost: NO_COST,
      prestige: 0,
      figures: [],
      icons: w?.icons ?? [],
      short: w?.short(c) ?? p.effect,
      rule: `Free to play into your colony; it works when you put an Activation marker on it ${p.voyage ? "during the voyage" : "on your turn"}. ${w?.rule(c) ?? ""}`.trim(),
    };
  }
  if (kind === "building") {
    const b = BUILDINGS[n];
    if (!b) return null;
    const w = BUILDING_WORDS[b.effect];
    return {
      name: b.name,
      colour: b.colour,
      kindName: "Building",
      when: BUILDING_WHEN[b.kind] ?? b.kind,
      cost: b.cost,
      prestige: b.prestige,
      figures: [],
      icons: w?.icons ?? [],
      short: w?.short("") ?? b.effect,
      rule: w?.rule("") ?? "",
    };
  }
  const s = SHIPS[n];
  if (!s) return null;
  const size = SIZES[s.size] ?? "small";
  return {
    name: s.name,
    colour: s.colour,
    kindName: `${cap(size)} ship`,
    when: "Launch at a dock",
    cost: s.cost,
    prestige: s.prestige,
    figures: [
      { name: "Speed", value: s.speed },
      { name: "Strength", value: s.strength },
      { name: "Cargo", value: s.cargo },
      { name: "Hull", value: s.hull },
    ],
    icons: [],
    short: "",
    rule: "Pay its price to launch it at one of your three docks. Sent to trade, it meets the pirates with its Strength, earns Coins by its Cargo and sails home at its Speed. Its Hull is how many crew it takes and how much damage it can bear.",
  };
}
