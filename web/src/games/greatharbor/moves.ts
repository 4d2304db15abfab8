// Words for The Great Harbor's moves: a label for each legal move the server
// sends, and the groups the Govern panel shows them in. The screen makes no
// move of its own: every button is one of these legal moves.

import type { Move } from "../../protocol";
import { t } from "../../i18n/i18n";
import { BUILDINGS, COIN_RATE, COLOURS, CONVERSIONS, PEOPLE, SHIPS, SHOP_COST, STATS, STRUCTURES } from "./content";
import { cellPlace, cellSlots, cornerNumber, SITES, SLOTS } from "./geometry";
import { buildingName, colourName, conversionName, costText, luxName, personName, resName, shipName, structureName, tileName } from "./words";
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
  if (!d) return t("greatharbor.ui.die_n", { n: id });
  const name = dieWords(d.colour, d.face);
  return d.bonus > 0 ? t("greatharbor.ui.die_bonus", { die: name, n: d.bonus }) : name;
}

/** dieWords names a die by color and face: "red 4". */
export const dieWords = (colour: number, face: number) => t("greatharbor.ui.die", { colour: colourWord(colour), face });

/** colourWord is a color as the log says it: "red". */
export const colourWord = (c: number) => (COLOURS[c] ? t(`greatharbor.color.${COLOURS[c]}`) : "?");

/** dieOwner says whose a die on a slot is, as a possessive: "your", "Bo's", "the Automa's". */
export function dieOwner(v: GreatHarborView, id: number): string {
  const by = v.dice[id]?.by ?? -1;
  if (by === v.viewer) return t("greatharbor.ui.owner.you");
  if (by === v.n && v.automa) return t("greatharbor.ui.owner.automa");
  return v.names[by] ? t("greatharbor.ui.owner.player", { who: v.names[by]! }) : t("greatharbor.ui.owner.other");
}

/** dieAt names a die with where it lies: "red 4 on the slot above the Forum", "red 4 in the pool", "red 4 you drafted". */
export function dieAt(v: GreatHarborView, id: number): string {
  const d = v.dice[id];
  const die = dieName(v, id);
  if (!d) return die;
  if (d.loc === LOC.slot) return t("greatharbor.ui.die_on", { die, slot: slotName(v, d.at) });
  if (d.loc === LOC.drafted)
    return d.at === v.viewer
      ? t("greatharbor.ui.die_yours", { die })
      : t("greatharbor.ui.die_drafted", { die, who: v.names[d.at] ?? t("greatharbor.ui.another_player") });
  if (d.loc === LOC.pool) return t("greatharbor.ui.die_pool", { die });
  return die;
}

/** SHORE_WORDS say where a shore slot lies from its tile, by the side it is on (north, east, south, west), as the board is drawn. */
const SHORE_WORDS = ["above", "right_of", "below", "left_of"];

/**
 * slotName names a slot by the tiles the board shows round it, as the
 * engine's log does (the board draws no slot numbers): "the slot between the
 * Forum and the Shipyard", "the slot above the Ropeyard".
 */
export function slotName(v: GreatHarborView, slot: number): string {
  if (slot === DISTRICT) return t("greatharbor.ui.district_the");
  const s = SLOTS[slot];
  if (!s) return t("greatharbor.ui.a_slot");
  const name = (cell: number) => tileTitle(v, cell);
  return s.shore
    ? t(`greatharbor.slot.${SHORE_WORDS[cellSlots(s.cells[0]).indexOf(slot)] ?? "above"}`, { tile: name(s.cells[0]) })
    : t("greatharbor.slot.between", { a: name(s.cells[0]), b: name(s.cells[1]) });
}

/** tileTitle is a tile's printed name, or its place when unknown. */
export function tileTitle(v: GreatHarborView, cell: number): string {
  return tileName(v.tiles[cell] ?? "") ?? cellPlace(cell);
}

const personPlace = (p: number) => t(p % 2 ? "greatharbor.ui.column_second" : "greatharbor.ui.column", { n: Math.floor(p / 2) + 1 });

/** statName is a ship's figure: "Speed". */
export const statName = (st: number) => (STATS[st] ? t(`greatharbor.stat.${STATS[st]}`) : "?");

/** withDetail adds a choice's detail to a label: "Activate Legate #4: Insula I". */
const withDetail = (label: string, detail: string) => (detail ? t("greatharbor.ui.with_detail", { label, detail }) : label);

/** customs adds what the Customs Office would give to a trade's label. */
const customs = (label: string, m: Move) => (m.res !== undefined ? t("greatharbor.ui.move.customs", { label, res: resName(int(m.res)) }) : label);

/** moveLabel says in player words what a legal move does. */
export function moveLabel(m: Move, v: GreatHarborView): string {
  const die = int(m.die);
  const card = int(m.card);
  const dock = int(m.dock) + 1;
  const res = int(m.res);
  const say = (id: string, values?: Record<string, string | number>) => t(`greatharbor.ui.move.${id}`, values);
  switch (m.type) {
    case "draft":
      return say("draft", { die: dieName(v, die) });
    case "place": {
      const slot = int(m.slot);
      if (slot === DISTRICT) return say("place_district", { die: dieName(v, die) });
      if (!int(m.first) && !int(m.second)) return say("place_nothing", { die: dieName(v, die), slot: slotName(v, slot) });
      const parts = [`${int(m.first)}`];
      if (!SLOTS[slot]?.shore) parts.push(`${int(m.second)}`);
      const label = say("place", { die: dieName(v, die), slot: slotName(v, slot), pips: parts.join(" + ") });
      return int(m.waive) ? say("with_token", { label }) : label;
    }
    case "end":
      return v.phase === "final_convert" ? say("done_converting") : say("end");
    case "favor_pip":
      return say("favor_pip", { die: dieName(v, die) });
    case "retrieve":
      return say("retrieve", { place: personPlace(int(m.person)) });
    case "favor_senate":
      return say("favor_senate", { colour: colourName(int(m.track)) });
    case "play_person":
      return say("play_person", { card: personName(card), column: int(m.column) + 1 });
    case "play_building":
      return say("play_building", { card: buildingName(card), cost: costText(BUILDINGS[card]?.cost ?? []) });
    case "activate": {
      const p = v.players[v.viewer]?.people[Math.floor(int(m.person) / 2)]?.[int(m.person) % 2] ?? -1;
      const detail = p >= 0 ? activateDetail(PEOPLE[p]?.effect ?? "", m, v) : "";
      return withDetail(say("activate", { card: p >= 0 ? personName(p) : personPlace(int(m.person)) }), detail);
    }
    case "construct": {
      const label = say("construct", { structure: structureName(int(m.structure)), cost: costText(STRUCTURES[int(m.structure)]?.cost ?? []) });
      return m.colonist ? say("with_colonist", { label }) : label;
    }
    case "produce":
      return say("produce", { lux: luxName(v.players[v.viewer]?.production[int(m.tile)] ?? 0) });
    case "employ":
      return withDetail(say("employ", { card: buildingName(card) }), employDetail(BUILDINGS[card]?.effect ?? "", m, v));
    case "crew":
      return say("crew", { dock, stat: statName(int(m.stat)) });
    case "play_ship":
      return say("play_ship", { card: shipName(card), dock, cost: costText(SHIPS[card]?.cost ?? []) });
    case "repair":
      return say("repair", { dock, res: resName(res) });
    case "send":
      return say("send", { dock, ship: shipName(v.players[v.viewer]?.ships[dock - 1]?.card ?? 0) });
    case "convert":
      return say("convert", { coins: COIN_RATE, res: resName(res) });
    case "convert_card": {
      const c = CONVERSIONS[card];
      const units = Math.max(1, int(m.n));
      const values = { card: conversionName(card), coins: units * (c?.coins ?? 0), n: units };
      if (c?.gain.luxury) return say("convert_lux", { ...values, lux: luxName(int(m.lux)) });
      if (c?.gain.card) return say(int(m.choice) === 0 ? "convert_people" : "convert_buildings", values);
      return say("convert_card", values);
    }
    case "shop":
      return say("shop", { corner: cornerNumber(int(m.site)), tile: tileTitle(v, SITES[int(m.site)]?.cell ?? 0), n: SHOP_COST, res: resName(res) });
    case "pick": {
      const c = pickedCard(m, v);
      const name = !c ? "" : c.kind === "building" ? buildingName(c.n) : personName(c.n);
      return say("pick", { card: name || say("card_n", { n: int(m.choice) + 1 }) });
    }
    case "flip":
      return say("flip", { die: dieAt(v, die), face: 7 - (v.dice[die]?.face ?? 0) });
    case "stop":
      return say("stop");
    case "crane":
      return say("crane", { from: slotName(v, int(m.slot)), to: slotName(v, int(m.to)) });
    case "lighthouse":
      return int(m.choice) === 1 ? say("lighthouse_discard") : say("lighthouse_keep");
    case "corsair":
      return say("corsair", { dock });
    case "pass":
      return say("pass");
    case "fight":
      return say("fight", { dock });
    case "trade":
      return customs(m.deliver ? say("trade_deliver", { lux: luxName(int(m.lux)) }) : say("trade"), m);
    case "continue":
      return say("continue");
  }
  return m.type;
}

/** The Govern panel's groups, in the order shown; each move type belongs to one. */
export const GOVERN_GROUPS: { kind: string; types: string[] }[] = [
  { kind: "favor", types: ["favor_pip", "retrieve", "favor_senate"] },
  { kind: "people", types: ["play_person", "activate"] },
  { kind: "buildings", types: ["play_building", "employ"] },
  { kind: "colony", types: ["construct", "produce"] },
  { kind: "ships", types: ["play_ship", "crew", "repair", "send"] },
  { kind: "coins", types: ["convert", "convert_card"] },
  { kind: "shops", types: ["shop"] },
];

/** governMoves groups the legal Govern actions (empty groups left out). */
export function governMoves(legal: Move[]): { kind: string; title: string; moves: Move[] }[] {
  return GOVERN_GROUPS.map((g) => ({ kind: g.kind, title: t(`greatharbor.ui.group.${g.kind}`), moves: legal.filter((m) => g.types.includes(m.type)) })).filter(
    (g) => g.moves.length > 0,
  );
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
  const say = (id: string, values?: Record<string, string | number>) => t(`greatharbor.ui.subject.${id}`, values);
  switch (m.type) {
    case "favor_pip":
    case "retrieve":
    case "favor_senate":
    case "produce":
      return { key: m.type, title: say(m.type) };
    case "play_person":
      return { key: `play_person ${card}`, title: say("play_person", { card: personName(card) }) };
    case "activate": {
      const p = me?.people[Math.floor(int(m.person) / 2)]?.[int(m.person) % 2] ?? -1;
      return { key: `activate ${int(m.person)}`, title: say("activate", { card: p >= 0 ? personName(p) : personPlace(int(m.person)) }) };
    }
    case "play_building":
      return { key: `play_building ${card}`, title: say("play_building", { card: buildingName(card) }) };
    case "employ":
      return { key: `employ ${card}`, title: say("employ", { card: buildingName(card) }) };
    case "construct":
      return { key: `construct ${int(m.structure)}`, title: say("construct", { structure: structureName(int(m.structure)) }) };
    case "play_ship":
      return { key: `play_ship ${card}`, title: say("play_ship", { card: shipName(card) }) };
    case "crew":
    case "repair":
    case "send":
      return { key: `dock ${dock}`, title: say("dock", { dock: dock + 1, ship: shipName(me?.ships[dock]?.card ?? 0) }) };
    case "convert":
      return { key: "convert", title: say("convert", { coins: COIN_RATE }) };
    case "convert_card": {
      const c = CONVERSIONS[card];
      const name = conversionName(card);
      const title = c?.gain.luxury
        ? say("convert_lux", { card: name, lux: luxName(int(m.lux)) })
        : c?.gain.card
          ? say(int(m.choice) === 0 ? "convert_people" : "convert_buildings", { card: name })
          : name;
      return { key: `convert_card ${card} ${int(m.lux)} ${int(m.choice)}`, title };
    }
    case "shop":
      return { key: `corner ${cornerNumber(int(m.site))}`, title: say("corner", { n: cornerNumber(int(m.site)) }) };
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
  const say = (id: string, values?: Record<string, string | number>) => t(`greatharbor.ui.detail.${id}`, values);
  switch (effect) {
    case "pips":
    case "wild":
      return say("die", { die: dieName(v, int(m.die)) });
    case "legate":
      return withColonist(structureName(int(m.structure)), m);
    case "praefectus":
      return int(m.choice) === 3 ? say("two_buildings") : say("display_building", { n: int(m.choice) + 1 });
    case "architect":
      return buildingName(int(m.card));
    case "navigator":
    case "cargo":
      return say("dock", { dock: int(m.dock) + 1 });
    case "praetor":
      return say("tracks", { a: colourName(int(m.track)), b: colourName(int(m.track2)) });
    case "diplomat":
      return say("segment", { n: int(m.choice) + 1 });
  }
  return "";
}

const withColonist = (label: string, m: Move) => (m.colonist ? t("greatharbor.ui.move.with_colonist", { label }) : label);

/** employDetail names the choice an employment carries, by the building's effect. */
function employDetail(effect: string, m: Move, v: GreatHarborView): string {
  const say = (id: string, values?: Record<string, string | number>) => t(`greatharbor.ui.detail.${id}`, values);
  switch (effect) {
    case "naval_academy":
      return say("dock_stat", { dock: int(m.dock) + 1, stat: statName(int(m.stat)) });
    case "market_square":
      return luxName(int(m.lux));
    case "engineers_hut":
      return withColonist(structureName(int(m.structure)), m);
    case "house_of_censors":
      return say("track", { colour: colourName(int(m.track)) });
    case "harbor_master":
      return say("reroll", { die: dieAt(v, int(m.die)) });
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
