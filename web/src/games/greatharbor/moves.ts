// Words for The Great Harbor's moves: a label for each legal move the server
// sends, and the groups the Govern panel shows them in. The screen makes no
// move of its own: every button is one of these legal moves.

import type { Move } from "../../protocol";
import { BUILDINGS, COIN_RATE, CONVERSIONS, PEOPLE, SHIPS, SHOP_COST, STATS, STRUCTURES, TILES } from "./content";
import { cellPlace, cellSlots, cornerNumber, SITES, SLOTS } from "./geometry";
import { buildingName, colourName, conversionName, costText, luxName, personName, resName, shipName, structureName } from "./words";
import { DISTRICT, LOC, PENDING, type GreatHarborView } from "./view";

const int = (x: unknown) => (typeof x === "number" ? x : 0);

/** pickedCard is the display card a pick takes (a Building or Person card, by its index of that kind), or null when the slot is empty. */
export function pickedCard(m: Move, v: GreatHarborView): { kind: "building" | "person"; n: number } | null {
  if (m.type !== "pick") return null;
  const kind = v.pending?.kind === PENDING.building ? "building" : v.pending?.kind === PENDING.person ? "person" : null;
  if (!kind) return null;
  const n = (kind === "building" ? v.buildingDisplay : v.personDisplay)[int(m.choice)];
  return n === undefined || n < 0 ? null : { kind, n };
}

/** dieName: "red 4". */
export function dieName(v: GreatHarborView, id: number): string {
  const d = v.dice[id];
  return d ? `${colourName(d.colour).toLowerCase()} ${d.face}${d.bonus > 0 ? ` (+${d.bonus})` : ""}` : `die ${id}`;
}

/** dieOwner says whose a die on a slot is, as a possessive: "your", "Bo's", "the Automa's". */
export function dieOwner(v: GreatHarborView, id: number): string {
  const by = v.dice[id]?.by ?? -1;
  if (by === v.viewer) return "your";
  if (by === v.n && v.automa) return "the Automa's";
  return `${v.names[by] ?? "another player"}'s`;
}

/** dieAt names a die with where it lies: "red 4 on the slot above the Forum", "red 4 in the pool", "red 4 you drafted". */
export function dieAt(v: GreatHarborView, id: number): string {
  const d = v.dice[id];
  if (!d) return dieName(v, id);
  if (d.loc === LOC.slot) return `${dieName(v, id)} on ${slotName(v, d.at)}`;
  if (d.loc === LOC.drafted) return `${dieName(v, id)} ${d.at === v.viewer ? "you drafted" : `${v.names[d.at] ?? "another player"} drafted`}`;
  if (d.loc === LOC.pool) return `${dieName(v, id)} in the pool`;
  return dieName(v, id);
}

/** SHORE_WORDS say where a shore slot lies from its tile, by the side it is on (north, east, south, west), as the board is drawn. */
const SHORE_WORDS = ["above", "right of", "below", "left of"];

/**
 * slotName names a slot by the tiles the board shows round it, as the
 * engine's log does (the board draws no slot numbers): "the slot between the
 * Forum and the Shipyard", "the slot above the Ropeyard".
 */
export function slotName(v: GreatHarborView, slot: number): string {
  if (slot === DISTRICT) return "the Smuggler's District";
  const s = SLOTS[slot];
  if (!s) return "a slot";
  const name = (cell: number) => tileTitle(v, cell);
  return s.shore
    ? `the slot ${SHORE_WORDS[cellSlots(s.cells[0]).indexOf(slot)]} the ${name(s.cells[0])}`
    : `the slot between the ${name(s.cells[0])} and the ${name(s.cells[1])}`;
}

/** tileTitle is a tile's printed name, or its place when unknown. */
export function tileTitle(v: GreatHarborView, cell: number): string {
  const id = v.tiles[cell] ?? "";
  return TILE_NAMES[id] ?? cellPlace(cell);
}

const TILE_NAMES: Record<string, string> = Object.fromEntries(TILES.map((t) => [t.id, t.name]));

const personPlace = (p: number) => `column ${Math.floor(p / 2) + 1}${p % 2 ? ", second card" : ""}`;

/** moveLabel says in player words what a legal move does. */
export function moveLabel(m: Move, v: GreatHarborView): string {
  const die = int(m.die);
  const card = int(m.card);
  const dock = int(m.dock);
  const res = int(m.res);
  switch (m.type) {
    case "draft":
      return `Draft the ${dieName(v, die)}`;
    case "place": {
      const slot = int(m.slot);
      if (slot === DISTRICT) return `Place the ${dieName(v, die)} in the Smuggler's District`;
      if (!int(m.first) && !int(m.second)) return `Place the ${dieName(v, die)} on ${slotName(v, slot)} for no benefit`;
      const parts = [`${int(m.first)}`];
      if (!SLOTS[slot]?.shore) parts.push(`${int(m.second)}`);
      return `Place the ${dieName(v, die)} on ${slotName(v, slot)}, pips ${parts.join(" + ")}${int(m.waive) ? " with a Smuggler token" : ""}`;
    }
    case "end":
      return v.phase === "final_convert" ? "Done converting" : "End my turn";
    case "favor_pip":
      return `+1 pip on the ${dieName(v, die)} (1 Favor)`;
    case "retrieve":
      return `Take back the Activation marker from ${personPlace(int(m.person))} (2 Favor)`;
    case "favor_senate":
      return `Move up the ${colourName(int(m.track))} Senate track (2 Favor)`;
    case "play_person":
      return `Play ${personName(card)} in column ${int(m.column) + 1}`;
    case "play_building":
      return `Build ${buildingName(card)} (${costText(BUILDINGS[card]?.cost ?? [])})`;
    case "activate": {
      const p = v.players[v.viewer]?.people[Math.floor(int(m.person) / 2)]?.[int(m.person) % 2] ?? -1;
      const detail = p >= 0 ? activateDetail(PEOPLE[p]?.effect ?? "", m, v) : "";
      return `Activate ${p >= 0 ? personName(p) : personPlace(int(m.person))}${detail ? `: ${detail}` : ""}`;
    }
    case "construct":
      return `Construct ${structureName(int(m.structure))} (${costText(STRUCTURES[int(m.structure)]?.cost ?? [])})${m.colonist ? " with a Colonist" : ""}`;
    case "produce":
      return `Produce ${luxName(v.players[v.viewer]?.production[int(m.tile)] ?? 0)} (2 Colonists)`;
    case "employ": {
      const detail = employDetail(BUILDINGS[card]?.effect ?? "", m, v);
      return `Employ Colonists in ${buildingName(card)}${detail ? `: ${detail}` : ""}`;
    }
    case "crew":
      return `Crew dock ${dock + 1}'s ${STATS[int(m.stat)] ?? "stat"} (1 Colonist)`;
    case "play_ship":
      return `Launch ${shipName(card)} at dock ${dock + 1} (${costText(SHIPS[card]?.cost ?? [])})`;
    case "repair":
      return `Repair dock ${dock + 1}'s ship with 1 ${resName(res)}`;
    case "send":
      return `Send dock ${dock + 1}'s ${shipName(v.players[v.viewer]?.ships[dock]?.card ?? 0)} to trade`;
    case "convert":
      return `Convert ${COIN_RATE} Coins into 1 ${resName(res)}`;
    case "convert_card": {
      const c = CONVERSIONS[card];
      const units = Math.max(1, int(m.n));
      const what = c?.gain.luxury ? ` ${luxName(int(m.lux))}` : c?.gain.card ? (int(m.choice) === 0 ? " Person card" : " Building card") : "";
      return `${conversionName(card)}: ${units * (c?.coins ?? 0)} Coins for ${units}${what}${units > 1 && what ? "s" : ""}`;
    }
    case "shop":
      return `Set up a Shop on corner ${cornerNumber(int(m.site))} by ${tileTitle(v, SITES[int(m.site)]?.cell ?? 0)} for ${SHOP_COST} ${resName(res)}`;
    case "pick": {
      const c = pickedCard(m, v);
      const name = !c ? "" : c.kind === "building" ? buildingName(c.n) : personName(c.n);
      return `Take ${name || `card ${int(m.choice) + 1}`} from the display`;
    }
    case "flip":
      return `Flip the ${dieAt(v, die)} to ${7 - (v.dice[die]?.face ?? 0)}`;
    case "stop":
      return "Stop flipping";
    case "crane":
      return `Move the die on ${slotName(v, int(m.slot))} to ${slotName(v, int(m.to))}`;
    case "lighthouse":
      return int(m.choice) === 1 ? "Discard the Pirate card" : "Keep the Pirate card on the deck";
    case "corsair":
      return `Use the Corsair on dock ${dock + 1}'s ship (+2 Strength)`;
    case "pass":
      return "No Corsair: reveal the pirates";
    case "fight":
      return `Face the pirates with dock ${dock + 1}'s ship`;
    case "trade":
      return m.deliver
        ? `Trade here, delivering ${luxName(int(m.lux))}${m.res !== undefined ? ` (Customs: ${resName(res)})` : ""}`
        : `Trade here${m.res !== undefined ? ` (Customs: ${resName(res)})` : ""}`;
    case "continue":
      return "Sail on to the next segment";
  }
  return m.type;
}

/** The Govern panel's groups, in the order shown; each move type belongs to one. */
export const GOVERN_GROUPS: { title: string; types: string[] }[] = [
  { title: "Favor", types: ["favor_pip", "retrieve", "favor_senate"] },
  { title: "People", types: ["play_person", "activate"] },
  { title: "Buildings", types: ["play_building", "employ"] },
  { title: "Colony", types: ["construct", "produce"] },
  { title: "Ships", types: ["play_ship", "crew", "repair", "send"] },
  { title: "Coins", types: ["convert", "convert_card"] },
  { title: "Shops", types: ["shop"] },
];

/** governMoves groups the legal Govern actions (empty groups left out). */
export function governMoves(legal: Move[]): { title: string; moves: Move[] }[] {
  return GOVERN_GROUPS.map((g) => ({ title: g.title, moves: legal.filter((m) => g.types.includes(m.type)) })).filter((g) => g.moves.length > 0);
}

/** A Govern kind's moves about one thing: one card, dock, structure, corner or way of paying. */
export interface GovernSubject {
  key: string;
  title: string;
  moves: Move[];
}

/** governSubject names the thing a Govern move acts on, so a long list can be picked thing first. */
export function governSubject(m: Move, v: GreatHarborView): { key: string; title: string } {
  const card = int(m.card);
  const dock = int(m.dock);
  const me = v.players[v.viewer];
  const dockTitle = () => `Dock ${dock + 1}: ${shipName(me?.ships[dock]?.card ?? 0)}`;
  switch (m.type) {
    case "favor_pip":
      return { key: "favor_pip", title: "+1 pip on a die" };
    case "retrieve":
      return { key: "retrieve", title: "Take back an Activation marker" };
    case "favor_senate":
      return { key: "favor_senate", title: "Move up a Senate track" };
    case "play_person":
      return { key: `play_person ${card}`, title: `Play ${personName(card)}` };
    case "activate": {
      const p = me?.people[Math.floor(int(m.person) / 2)]?.[int(m.person) % 2] ?? -1;
      return { key: `activate ${int(m.person)}`, title: `Activate ${p >= 0 ? personName(p) : personPlace(int(m.person))}` };
    }
    case "play_building":
      return { key: `play_building ${card}`, title: `Build ${buildingName(card)}` };
    case "employ":
      return { key: `employ ${card}`, title: `Employ Colonists in ${buildingName(card)}` };
    case "construct":
      return { key: `construct ${int(m.structure)}`, title: `Construct ${structureName(int(m.structure))}` };
    case "produce":
      return { key: "produce", title: "Produce a luxury" };
    case "play_ship":
      return { key: `play_ship ${card}`, title: `Launch ${shipName(card)}` };
    case "crew":
    case "repair":
    case "send":
      return { key: `dock ${dock}`, title: dockTitle() };
    case "convert":
      return { key: "convert", title: `Convert ${COIN_RATE} Coins into a resource` };
    case "convert_card": {
      const c = CONVERSIONS[card];
      const what = c?.gain.luxury ? ` for ${luxName(int(m.lux))}` : c?.gain.card ? (int(m.choice) === 0 ? " for Person cards" : " for Building cards") : "";
      return { key: `convert_card ${card} ${int(m.lux)} ${int(m.choice)}`, title: `${conversionName(card)}${what}` };
    }
    case "shop":
      return { key: `corner ${cornerNumber(int(m.site))}`, title: `Corner ${cornerNumber(int(m.site))}` };
  }
  return { key: m.type, title: m.type };
}

/** governSubjects splits one Govern kind's moves by the thing they act on, in the order first offered. */
export function governSubjects(moves: Move[], v: GreatHarborView): GovernSubject[] {
  const out: GovernSubject[] = [];
  for (const m of moves) {
    const { key, title } = governSubject(m, v);
    const s = out.find((x) => x.key === key);
    if (s) s.moves.push(m);
    else out.push({ key, title, moves: [m] });
  }
  return out;
}

/** shopCorners lists the corners (grid vertices) where a legal move sets up a Shop. */
export const shopCorners = (legal: Move[]) =>
  [...new Set(legal.filter((m) => m.type === "shop").map((m) => SITES[int(m.site)]?.vertex ?? -1))].filter((x) => x >= 0);

/** cornerTiles names the tiles meeting at a corner, for its spoken name. */
export function cornerTiles(v: GreatHarborView, vertex: number): string[] {
  return SITES.filter((s) => s.vertex === vertex).map((s) => tileTitle(v, s.cell));
}

/** A Port Crane move picked on the Harbor: the slot whose die moves, then the empty slot it goes to. */
export interface CraneChoice {
  from: number | null;
  to: number | null;
}

export const noCrane: CraneChoice = { from: null, to: null };

/** craneSlots lists the slots to tap now: the dice the Port Crane may move, or, once one is picked, the empty slots it may go to. */
export function craneSlots(legal: Move[], c: CraneChoice): number[] {
  const cranes = legal.filter((m) => m.type === "crane");
  const slots = c.from === null ? cranes.map((m) => int(m.slot)) : cranes.filter((m) => int(m.slot) === c.from).map((m) => int(m.to));
  return [...new Set(slots)];
}

/** validCrane drops the parts of a Port Crane choice the legal moves no longer allow. */
export function validCrane(c: CraneChoice, legal: Move[]): CraneChoice {
  if (c.from === null || !craneSlots(legal, noCrane).includes(c.from)) return noCrane;
  if (c.to === null || !craneSlots(legal, c).includes(c.to)) return { from: c.from, to: null };
  return c;
}

/** craneMove is the legal move a complete Port Crane choice makes, if any. */
export const craneMove = (legal: Move[], c: CraneChoice) => legal.find((m) => m.type === "crane" && int(m.slot) === c.from && int(m.to) === c.to);

/** Moves answered in a prompt of their own (voyage choices, pending picks), in the order shown. */
export const PROMPT_TYPES = ["pick", "flip", "stop", "crane", "lighthouse", "corsair", "pass", "fight", "trade", "continue"];
export const promptMoves = (legal: Move[]) => PROMPT_TYPES.flatMap((t) => legal.filter((m) => m.type === t));

/** activateDetail names the choice an activation carries, by the card's effect. */
function activateDetail(effect: string, m: Move, v: GreatHarborView): string {
  switch (effect) {
    case "pips":
    case "wild":
      return `the ${dieName(v, int(m.die))}`;
    case "legate":
      return `${structureName(int(m.structure))}${m.colonist ? " with a Colonist" : ""}`;
    case "praefectus":
      return int(m.choice) === 3 ? "two Buildings from the deck" : `Building ${int(m.choice) + 1} of the display`;
    case "architect":
      return buildingName(int(m.card));
    case "navigator":
    case "cargo":
      return `dock ${int(m.dock) + 1}`;
    case "praetor":
      return `${colourName(int(m.track))} and ${colourName(int(m.track2))} tracks`;
    case "diplomat":
      return `segment ${int(m.choice) + 1}`;
  }
  return "";
}

/** employDetail names the choice an employment carries, by the building's effect. */
function employDetail(effect: string, m: Move, v: GreatHarborView): string {
  switch (effect) {
    case "naval_academy":
      return `dock ${int(m.dock) + 1}'s ${STATS[int(m.stat)] ?? "stat"}`;
    case "market_square":
      return luxName(int(m.lux));
    case "engineers_hut":
      return `${structureName(int(m.structure))}${m.colonist ? " with a Colonist" : ""}`;
    case "house_of_censors":
      return `${colourName(int(m.track))} track`;
    case "harbor_master":
      return `reroll the ${dieAt(v, int(m.die))}`;
  }
  return "";
}

/** moveKey is a stable key for a move (its JSON). */
export const moveKey = (m: Move) => JSON.stringify(m);

/** The move types that name a die (a zero die is left out of the JSON, so it reads as die 0). */
const DIE_MOVES = ["draft", "place", "favor_pip", "flip", "activate", "employ"];

/**
 * twinOf is the first die that is the same as die id in all a player can
 * tell or use: color, face, where it lies, its temporary pips and whether
 * it is wild. Two such dice are one choice: taking either leaves the same
 * game, with the two dice's numbers swapped.
 */
export function twinOf(v: GreatHarborView, id: number): number {
  const d = v.dice[id];
  if (!d) return id;
  return (
    v.dice.find((x) => x.colour === d.colour && x.face === d.face && x.loc === d.loc && x.at === d.at && x.bonus === d.bonus && x.wild === d.wild)?.id ?? id
  );
}

/**
 * choiceKey is the same for two moves that are one choice: they differ only
 * in which of two twin dice they use, or in which of two production tiles of
 * the same luxury they work.
 */
export function choiceKey(m: Move, v: GreatHarborView): string {
  if (DIE_MOVES.includes(m.type)) return moveKey({ ...m, die: twinOf(v, int(m.die)) });
  if (m.type === "produce") return `produce ${v.players[v.viewer]?.production[int(m.tile)] ?? 0}`;
  return moveKey(m);
}

/** distinctMoves keeps the first of each set of moves that are one choice (see twinOf), so no two buttons do the same. */
export function distinctMoves(legal: Move[], v: GreatHarborView): Move[] {
  const seen = new Set<string>();
  return legal.filter((m) => {
    const k = choiceKey(m, v);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
