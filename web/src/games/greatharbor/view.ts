// The Great Harbor view as the server sends it (games/greatharbor/view.go),
// decoded into the shape the screens use. Field names of the engine's view
// are read here only. Numbers the engine leaves out decode as zero.

import { t } from "../../i18n/i18n";
import { COLOURS } from "./content";
import { grid, isObj, num, nums, type Obj, obj, objs } from "../../decode";

export const NUM_CELLS = 9;
export const NUM_SLOTS = 24;
/** The Smuggler's District, a pseudo-slot a die may be placed in. */
export const DISTRICT = 24;
export const NUM_DICE = 20;

/** Where a die is (the engine's loc values). */
export const LOC = { box: 0, bag: 1, pool: 2, drafted: 3, slot: 4, smuggler: 5, district: 6 } as const;
/** Where a ship is: at its dock, out on a segment, or on the way home. */
export const WHERE = { docked: 0, out: 1, back: 2 } as const;
export const PENDING = { building: 1, person: 2, flip: 3, crane: 4, lighthouse: 5 } as const;
export const VOYAGE_STAGE = { corsair: 0, window: 1, choice: 2 } as const;

export interface Die {
  id: number;
  /** color index: dice 0-4 are red, 5-9 yellow, 10-14 blue, 15-19 purple */
  colour: number;
  face: number;
  loc: number;
  at: number;
  order: number;
  bonus: number;
  wild: boolean;
  /** who placed a die that lies on a slot (the Automa is n) */
  by: number;
}

export interface Ship {
  card: number;
  crew: number;
  damage: number;
  where: number;
  seg: number;
  dist: number;
  str: number;
  cargo: number;
}

export interface Player {
  res: number[];
  coins: number;
  prestige: number;
  favor: number;
  smuggler: number;
  free: number;
  structural: number;
  luxWork: number;
  employed: number;
  lux: number[];
  production: number[];
  governor: number;
  /** hand bit masks; zero for every seat but the viewer's own */
  handPeople: number;
  handBuildings: number;
  handShips: number;
  buildings: number;
  shipsPlayed: number;
  /** Person card per column and layer, -1 empty */
  people: number[][];
  marked: boolean[][];
  ships: Ship[];
  huts: number;
  insula: number;
  senate: number[];
  colourCards: number[];
  shops: number;
  /** colors whose drafting bonus is unlocked (a bit per color) */
  colourBonus: number;
  /** the Pirate card this viewer saw with the Lighthouse, -1 none */
  peek: number;
}

export interface Automa {
  track: number[];
  ships: Ship[];
  allShips: number;
  buildings: number;
  people: number;
  free: number;
  prestige: number;
  smuggler: number;
  governor: number;
  deckN: number;
  topColour: number;
  topUp: boolean;
  lastCard: number;
  /** its latest draft step by step, null before the first */
  last: AutomaTurn | null;
}

/** An Automa card face up: its back (color, arrow up for the highest die) and its front (a tile id). */
export interface AutomaCard {
  colour: number;
  up: boolean;
  tile: string;
}

/** One thing the Automa's track did: the space reached, a space shared with another track, or a full track. */
export interface AutomaStep {
  why: "space" | "link" | "full";
  /** for a shared space, the other track's color */
  other: number;
  kind: "prestige" | "colonist" | "ship" | "building" | "person";
  value: number;
  /** the card taken, or the ship crewed; -1 none */
  card: number;
  /** false when there was nothing to take */
  done: boolean;
}

/** The Automa's latest draft as the table saw it (games/greatharbor/view.go AutomaTurnView). */
export interface AutomaTurn {
  /** counts the Automa's drafts: a new number is a new turn to show */
  seq: number;
  round: number;
  turn: number;
  /** cards set aside for want of a die (the first four), and how many in all */
  skipped: AutomaCard[];
  skippedN: number;
  card: AutomaCard;
  die: number;
  colour: number;
  face: number;
  /** the slot, or DISTRICT */
  slot: number;
  /** its track's space after the move */
  space: number;
  steps: AutomaStep[];
}

export interface Score {
  cards: number;
  governor: number;
  structures: number;
  endGame: number;
  smuggler: number;
  tokens: number;
  total: number;
}

export interface Pending {
  kind: number;
  seat: number;
  n: number;
  colour: number;
}

export interface GreatHarborView {
  viewer: number;
  /** human seats; the Automa, when present, is competitor n */
  n: number;
  names: string[];
  shops: boolean;
  phase: string;
  /** 0-based round and turn (0 = A, 1 = B) */
  round: number;
  turn: number;
  anchor: number;
  actor: number;
  tiles: string[];
  accept: number[];
  slots: number[];
  fees: number[];
  shopPips: number[];
  dice: Die[];
  order: number[];
  orderIdx: number;
  shipDisplay: number[];
  shipDeckN: number[];
  personDisplay: number[];
  personDeckN: number;
  buildingDisplay: number[];
  buildingDeckN: number;
  /** resource index each die color brings now */
  bonusTile: number[];
  conversions: number;
  demand: number[];
  pirateN: number;
  pirateDiscN: number;
  revealed: number[];
  segOwner: number[][];
  shopSite: number[];
  shopOwner: number[];
  supplyColonists: number;
  players: Player[];
  /** People, Buildings, Ships in hand per seat */
  handSizes: number[][];
  automa: Automa | null;
  pending: Pending | null;
  voySeg: number;
  voyStage: number;
  voyOwner: number;
  voyShip: number;
  scores: Score[];
  /** score per competitor at the end of each finished round */
  history: number[][];
}

function decodeShip(o: Obj): Ship {
  return {
    card: num(o.card, -1),
    crew: num(o.crew),
    damage: num(o.damage),
    where: num(o.where),
    seg: num(o.seg),
    dist: num(o.dist),
    str: num(o.str),
    cargo: num(o.cargo),
  };
}

function decodePlayer(o: Obj): Player {
  const marked = Array.isArray(o.marked) ? o.marked : [];
  return {
    res: nums(o.res, 4),
    coins: num(o.coins),
    prestige: num(o.prestige),
    favor: num(o.favor),
    smuggler: num(o.smuggler),
    free: num(o.free),
    structural: num(o.structural),
    luxWork: num(o.luxWork),
    employed: num(o.employed),
    lux: nums(o.lux, 4),
    production: nums(o.production, 3),
    governor: num(o.governor),
    handPeople: num(o.handPeople),
    handBuildings: num(o.handBuildings),
    handShips: num(o.handShips),
    buildings: num(o.buildings),
    shipsPlayed: num(o.shipsPlayed),
    people: grid(o.people, 3, 2, -1),
    marked: Array.from({ length: 3 }, (_, c) => Array.from({ length: 2 }, (_, l) => (Array.isArray(marked[c]) ? (marked[c] as unknown[])[l] === true : false))),
    ships: objs(o.ships, 3).map(decodeShip),
    huts: num(o.huts),
    insula: num(o.insula),
    senate: nums(o.senate, 4),
    colourCards: nums(o.colourCards, 4),
    shops: num(o.shops),
    colourBonus: num(o.colourBonus),
    peek: num(o.peek, -1),
  };
}

function decodeAutomaCard(o: Obj): AutomaCard {
  return { colour: num(o.colour), up: o.up === true, tile: typeof o.tile === "string" ? o.tile : "" };
}

const STEP_WHYS = ["space", "link", "full"] as const;
const STEP_KINDS = ["prestige", "colonist", "ship", "building", "person"] as const;
const oneOf = <T extends string>(x: unknown, all: readonly T[]): T => (all.includes(x as T) ? (x as T) : all[0]!);

function decodeAutomaTurn(o: Obj): AutomaTurn {
  const list = (x: unknown) => (Array.isArray(x) ? x.filter(isObj) : []);
  return {
    seq: num(o.seq),
    round: num(o.round),
    turn: num(o.turn),
    skipped: list(o.skipped).map(decodeAutomaCard),
    skippedN: num(o.skippedN),
    card: decodeAutomaCard(obj(o.card)),
    die: num(o.die),
    colour: num(o.colour),
    face: num(o.face),
    slot: num(o.slot),
    space: num(o.space),
    steps: list(o.steps).map((st) => ({
      why: oneOf(st.why, STEP_WHYS),
      other: num(st.other),
      kind: oneOf(st.kind, STEP_KINDS),
      value: num(st.value),
      card: num(st.card, -1),
      done: st.done === true,
    })),
  };
}

function decodeAutoma(o: Obj): Automa {
  return {
    track: nums(o.track, 4),
    ships: objs(o.ships, 3).map(decodeShip),
    allShips: num(o.allShips),
    buildings: num(o.buildings),
    people: num(o.people),
    free: num(o.free),
    prestige: num(o.prestige),
    smuggler: num(o.smuggler),
    governor: num(o.governor),
    deckN: num(o.deckN),
    topColour: num(o.topColour, -1),
    topUp: o.topUp === true,
    lastCard: num(o.lastCard, -1),
    last: isObj(o.last) ? decodeAutomaTurn(o.last) : null,
  };
}

export function decodeScore(o: Obj): Score {
  return {
    cards: num(o.cards),
    governor: num(o.governor),
    structures: num(o.structures),
    endGame: num(o.endGame),
    smuggler: num(o.smuggler),
    tokens: num(o.tokens),
    total: num(o.total),
  };
}

export function decodeView(raw: unknown): GreatHarborView {
  const o = obj(raw);
  const n = Math.max(1, Math.min(4, num(o.n, 1)));
  const namesRaw = Array.isArray(o.names) ? o.names : [];
  const names = Array.from({ length: n }, (_, i) =>
    typeof namesRaw[i] === "string" && namesRaw[i] ? (namesRaw[i] as string) : t("greatharbor.ui.player", { n: i + 1 }),
  );
  const dice = objs(o.dice, NUM_DICE).map((d, id) => ({
    id,
    colour: Math.floor(id / 5),
    face: num(d.face),
    loc: num(d.loc),
    at: num(d.at),
    order: num(d.order),
    bonus: num(d.bonus),
    wild: d.wild === true,
    by: num(d.by),
  }));
  const pend = obj(o.pending);
  const pendingN = num(o.pendingN);
  const round = num(o.round);
  return {
    viewer: num(o.viewer, -1),
    n,
    names,
    shops: o.shops === true,
    phase: typeof o.phase === "string" ? o.phase : "draft",
    round,
    turn: num(o.turn),
    anchor: num(o.anchor),
    actor: num(o.actor, -1),
    tiles: Array.from({ length: NUM_CELLS }, (_, i) => (Array.isArray(o.tiles) && typeof o.tiles[i] === "string" ? (o.tiles[i] as string) : "")),
    accept: nums(o.accept, NUM_SLOTS),
    slots: nums(o.slots, NUM_SLOTS, -1),
    fees: nums(o.fees, NUM_CELLS),
    shopPips: nums(o.shopPips, NUM_SLOTS),
    dice,
    order: nums(o.order, n),
    orderIdx: num(o.orderIdx),
    shipDisplay: nums(o.shipDisplay, 3, -1),
    shipDeckN: nums(o.shipDeckN, 3),
    personDisplay: nums(o.personDisplay, 3, -1),
    personDeckN: num(o.personDeckN),
    buildingDisplay: nums(o.buildingDisplay, 3, -1),
    buildingDeckN: num(o.buildingDeckN),
    bonusTile: nums(o.bonusTile, COLOURS.length),
    conversions: num(o.conversions),
    demand: nums(o.demand, 5, -1),
    pirateN: num(o.pirateN),
    pirateDiscN: num(o.pirateDiscN),
    revealed: nums(o.revealed, 3, -1),
    segOwner: grid(o.segOwner, 3, 4, -1),
    shopSite: nums(o.shopSite, 16, -1),
    shopOwner: nums(o.shopOwner, 16, -1),
    supplyColonists: num(o.supplyColonists),
    players: objs(o.players, n).map(decodePlayer),
    handSizes: grid(o.handSizes, n, 3),
    automa: isObj(o.automa) ? decodeAutoma(o.automa) : null,
    pending: pendingN > 0 ? { kind: num(pend.kind), seat: num(pend.seat), n: num(pend.n), colour: num(pend.colour) } : null,
    voySeg: num(o.voySeg),
    voyStage: num(o.voyStage),
    voyOwner: num(o.voyOwner, -1),
    voyShip: num(o.voyShip, -1),
    scores: Array.isArray(o.scores) ? (o.scores as unknown[]).map((s) => decodeScore(obj(s))) : [],
    history: grid(o.history, 5, 4).slice(0, Math.min(5, o.phase === "over" ? 5 : round)),
  };
}

/** bitList lists the set bits of a card mask (card indices). */
export function bitList(mask: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < 32; i++) if (Math.floor(mask / 2 ** i) % 2 === 1) out.push(i);
  return out;
}

/** competitors is how many compete: the humans plus the Automa. */
export const competitors = (v: GreatHarborView) => v.n + (v.automa ? 1 : 0);

/** competitorName names a competitor id: a seat, or the Automa at index n. */
export const competitorName = (v: GreatHarborView, id: number) =>
  id === v.n && v.automa ? t("greatharbor.ui.automa") : (v.names[id] ?? t("greatharbor.ui.player", { n: id + 1 }));

/** diceAt lists the dice in one location (for drafted dice, of one drafter), in id order. */
export const diceAt = (v: GreatHarborView, loc: number, at?: number) => v.dice.filter((d) => d.loc === loc && (at === undefined || d.at === at));

/** accepts says whether slot takes a die of colour (a bit per colour). */
export const accepts = (v: GreatHarborView, slot: number, colour: number) => Math.floor((v.accept[slot] ?? 0) / 2 ** colour) % 2 === 1;

/** acceptedColours lists the color indices a slot takes. */
export const acceptedColours = (v: GreatHarborView, slot: number) => COLOURS.map((_, c) => c).filter((c) => accepts(v, slot, c));

export const ROUNDS = 5;

/** turnLabel: "Round 2 of 5, turn B". */
export const turnLabel = (v: GreatHarborView) =>
  t("greatharbor.ui.turn_label", { round: Math.min(ROUNDS, v.round + 1), rounds: ROUNDS, turn: v.turn === 0 ? "A" : "B" });

const PHASES = new Set(["draft", "action", "voyage", "final_convert", "over"]);
export const phaseLabel = (phase: string) => (PHASES.has(phase) ? t(`greatharbor.ui.phase.${phase}`) : phase);
