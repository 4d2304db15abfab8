// The Harborfall view as the server sends it (games/harborfall/view.go),
// decoded into the shape the screens use. Field names of the engine's view
// are read here only.

import type { Seat } from "../../protocol";
import { isObj, num, numList, obj, strs } from "../../decode";
import { lang, type MessageId, t } from "../../i18n/i18n";

/** A hand of resource cards: [brick, lumber, wool, grain, ore]. */
export type Hand = [number, number, number, number, number];

export const NUM_RESOURCES = 5;
export const GENERAL_HARBOR = 5;
export const DESERT = 5;

export interface Geometry {
  hexes: number;
  corners: number;
  edges: number;
  hexX: number[];
  hexY: number[];
  cornerX: number[];
  cornerY: number[];
  /** six corners per hex, clockwise from the top */
  hexCorners: number[][];
  /** two corners per edge */
  edgeCorners: [number, number][];
  /** coast edges in order round the island */
  coast: number[];
}

export interface Harbor {
  edge: number;
  /** 0..4: 2-for-1 of that resource; 5: 3-for-1 of any */
  kind: number;
}

/** What everyone may see of one player. */
export interface PlayerInfo {
  name: string;
  cards: number;
  devCards: number;
  /** development cards played, by kind */
  played: number[];
  points: number;
  roadLength: number;
  settlementsLeft: number;
  citiesLeft: number;
  roadsLeft: number;
  ports: number;
  owed: number;
}

export const ANSWER_WAITING = 0;
export const ANSWER_ACCEPT = 1;
export const ANSWER_DECLINE = 2;
export const ANSWER_COUNTER = 3;

export interface Offer {
  from: Seat;
  /** a seat, or -1 for everyone */
  to: Seat;
  /** what the offerer gives */
  give: Hand;
  /** what the offerer gets */
  get: Hand;
  /** per seat: waiting, accepted, declined or countered */
  answers: number[];
  /** per seat: a counter's terms from the countering seat's side */
  counters: { give: Hand; get: Hand }[];
}

export interface Mine {
  hand: Hand;
  /** held development cards by kind */
  dev: number[];
  /** of those, bought this turn */
  fresh: number[];
  points: number;
  /** supply rate per resource */
  rates: Hand;
}

export interface HarborfallView {
  viewer: Seat;
  geo: Geometry;
  terrain: number[];
  number: number[];
  robber: number;
  harbors: Harbor[];
  owner: number[];
  city: boolean[];
  road: number[];
  supply: Hand;
  deckLeft: number;
  phase: string;
  active: Seat;
  acting: Seat[];
  dice: [number, number];
  turns: number;
  freeRoads: number;
  cardPlayed: boolean;
  offersLeft: number;
  offer: Offer | null;
  players: PlayerInfo[];
  longestRoad: Seat;
  largestArmy: Seat;
  winner: Seat;
  /** the seat on its extra build turn, or -1 */
  special: Seat;
  canOffer: boolean;
  target: number;
  /** how often each total 2..12 came up (index 0 is a total of 2) */
  rolled: number[];
  /** public points per seat as turns begin, one entry every historyStep turns */
  history: number[][];
  historyStep: number;
  costs: { road: Hand; settlement: Hand; city: Hand; dev: Hand };
  pieces: { settlements: number; cities: number; roads: number };
  resources: string[];
  terrains: string[];
  devCards: string[];
  setupCorner: number;
  me: Mine | null;
}

export function hand(x: unknown): Hand {
  const a = numList(x);
  return [a[0] ?? 0, a[1] ?? 0, a[2] ?? 0, a[3] ?? 0, a[4] ?? 0];
}

export const handTotal = (h: Hand): number => h.reduce((a, b) => a + b, 0);

function decodeGeometry(x: unknown): Geometry {
  const g = obj(x);
  return {
    hexes: num(g.hexes),
    corners: num(g.corners),
    edges: num(g.edges),
    hexX: numList(g.hexX),
    hexY: numList(g.hexY),
    cornerX: numList(g.cornerX),
    cornerY: numList(g.cornerY),
    hexCorners: Array.isArray(g.hexCorners) ? g.hexCorners.map(numList) : [],
    edgeCorners: Array.isArray(g.edgeCorners) ? g.edgeCorners.map((e) => numList(e) as [number, number]) : [],
    coast: numList(g.coast),
  };
}

function decodePlayer(x: unknown): PlayerInfo {
  const p = obj(x);
  return {
    name: typeof p.name === "string" ? p.name : "",
    cards: num(p.cards),
    devCards: num(p.devCards),
    played: numList(p.played),
    points: num(p.points),
    roadLength: num(p.roadLength),
    settlementsLeft: num(p.settlements),
    citiesLeft: num(p.cities),
    roadsLeft: num(p.roads),
    ports: num(p.ports),
    owed: num(p.owed),
  };
}

function decodeOffer(x: unknown): Offer | null {
  if (!isObj(x) || typeof x.from !== "number") return null;
  return {
    from: x.from,
    to: num(x.to),
    give: hand(x.give),
    get: hand(x.get),
    answers: numList(x.answers),
    counters: Array.isArray(x.counters) ? x.counters.map((c) => ({ give: hand(isObj(c) ? c.give : null), get: hand(isObj(c) ? c.get : null) })) : [],
  };
}

/** decodeView reads the engine's Harborfall view. */
export function decodeView(raw: unknown): HarborfallView {
  const v = obj(raw);
  const names = obj(v.names);
  const costs = obj(v.costs);
  const pieces = obj(v.pieces);
  const me = isObj(v.me) ? v.me : null;
  const dice = numList(v.dice);
  return {
    viewer: num(v.viewer, -1),
    geo: decodeGeometry(v.geometry),
    terrain: numList(v.terrain),
    number: numList(v.number),
    robber: num(v.robber, -1),
    harbors: Array.isArray(v.harbors) ? v.harbors.filter(isObj).map((h) => ({ edge: num(h.edge), kind: num(h.kind) })) : [],
    owner: numList(v.owner),
    city: Array.isArray(v.city) ? v.city.map((c) => c === true) : [],
    road: numList(v.road),
    supply: hand(v.supply),
    deckLeft: num(v.deckLeft),
    phase: typeof v.phase === "string" ? v.phase : "",
    active: num(v.active),
    acting: numList(v.acting),
    dice: [dice[0] ?? 0, dice[1] ?? 0],
    turns: num(v.turns),
    freeRoads: num(v.freeRoads),
    cardPlayed: v.cardPlayed === true,
    offersLeft: num(v.offersLeft),
    offer: decodeOffer(v.offer),
    players: Array.isArray(v.players) ? v.players.map(decodePlayer) : [],
    longestRoad: num(v.longestRoad, -1),
    largestArmy: num(v.largestArmy, -1),
    winner: num(v.winner, -1),
    special: typeof v.special === "number" ? v.special : -1,
    canOffer: v.canOffer === true,
    target: num(v.target, 10),
    rolled: numList(v.rolled),
    history: Array.isArray(v.history) ? v.history.map(numList) : [],
    historyStep: num(v.historyStep, 1),
    costs: { road: hand(costs.road), settlement: hand(costs.settlement), city: hand(costs.city), dev: hand(costs.dev) },
    pieces: { settlements: num(pieces.settlements, 5), cities: num(pieces.cities, 4), roads: num(pieces.roads, 15) },
    resources: words(strs(names.resources, ["brick", "lumber", "wool", "grain", "ore"]), RESOURCE_WORDS),
    terrains: words(strs(names.terrains, ["hill", "forest", "pasture", "field", "mountain", "desert"]), TERRAIN_WORDS),
    devCards: strs(names.devCards, ["steal", "roads", "harvest", "forced", "point"]),
    setupCorner: num(v.setupCorner, -1),
    me: me ? { hand: hand(me.hand), dev: numList(me.dev), fresh: numList(me.fresh), points: num(me.points), rates: hand(me.rates) } : null,
  };
}

/** The catalog words of the engine's resource names, in hand order. */
const RESOURCE_WORDS: MessageId[] = [
  "harborfall.resource.brick",
  "harborfall.resource.lumber",
  "harborfall.resource.wool",
  "harborfall.resource.grain",
  "harborfall.resource.ore",
];

/** The catalog words of the terrains, the desert last. */
const TERRAIN_WORDS: MessageId[] = [
  "harborfall.terrain.hill",
  "harborfall.terrain.forest",
  "harborfall.terrain.pasture",
  "harborfall.terrain.field",
  "harborfall.terrain.mountain",
  "harborfall.terrain.desert",
];

/** "2 brick": a count of one resource, in hand order. */
const AMOUNTS: MessageId[] = [
  "harborfall.amount.brick",
  "harborfall.amount.lumber",
  "harborfall.amount.wool",
  "harborfall.amount.grain",
  "harborfall.amount.ore",
];

/** resourceName is resource r's name in the reader's language. */
export const resourceName = (r: number): string => (RESOURCE_WORDS[r] ? t(RESOURCE_WORDS[r]) : "");

/** words are the names the view gives, in the reader's language where the catalog has them. */
function words(names: string[], ids: MessageId[]): string[] {
  return names.map((n, i) => (ids[i] ? t(ids[i]) : n));
}

/** The development cards' catalog titles, by kind. */
const CARD_WORDS: MessageId[] = [
  "harborfall.card.steal",
  "harborfall.card.roads",
  "harborfall.card.harvest",
  "harborfall.card.forced",
  "harborfall.card.point",
];

/** cardTitle is the title of development card kind k in the reader's language. */
export const cardTitle = (k: number): string => (CARD_WORDS[k] ? t(CARD_WORDS[k]) : "");

/** Points is one player's public points broken down. */
export interface PointsBreakdown {
  /** settlements on the board, 1 point each */
  settlements: number;
  /** cities on the board (not their points: 2 each) */
  cities: number;
  longestRoad: number;
  largestArmy: number;
  /** Secret point cards: known only for the winner of a finished game */
  secret: number;
  total: number;
}

/** breakdown splits a player's points into what earned them: pieces by count, the rest in points. */
export function breakdown(v: HarborfallView, seat: Seat): PointsBreakdown {
  const p = v.players[seat];
  if (!p) return { settlements: 0, cities: 0, longestRoad: 0, largestArmy: 0, secret: 0, total: 0 };
  const cities = v.pieces.cities - p.citiesLeft;
  const settlements = v.pieces.settlements - p.settlementsLeft;
  const longestRoad = v.longestRoad === seat ? 2 : 0;
  const largestArmy = v.largestArmy === seat ? 2 : 0;
  const shown = settlements + 2 * cities + longestRoad + largestArmy;
  return { settlements, cities, longestRoad, largestArmy, secret: Math.max(0, p.points - shown), total: p.points };
}

/** expectedRolls is how often each total 2..12 should come up in n rolls. */
export function expectedRolls(n: number): number[] {
  return [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1].map((w) => (n * w) / 36);
}

/** pips is the number of dots a number token shows: its ways to roll, of 36. */
export function pips(n: number): number {
  if (n < 2 || n > 12 || n === 7) return 0;
  return n < 7 ? n - 1 : 13 - n;
}

/** amountText is n cards of resource r in words: "2 brick". */
export const amountText = (r: number, n: number): string => (AMOUNTS[r] ? t(AMOUNTS[r], { n }) : String(n));

/** handsSaid keeps the hands worded lately, by language and hand: a position's many trade moves name the same few hands. */
const handsSaid = new Map<string, string>();

/** handText writes a hand in words, as the log does: "2 brick, 1 ore", or "nothing". */
export function handText(h: Hand): string {
  const key = `${lang.value}|${h.join()}`;
  const known = handsSaid.get(key);
  if (known !== undefined) return known;
  const parts = h.flatMap((n, r) => (n > 0 ? [amountText(r, n)] : []));
  const text = parts.length ? parts.reduceRight((rest, first) => t("harborfall.series", { first, rest })) : t("harborfall.nothing");
  if (handsSaid.size >= 500) handsSaid.clear();
  handsSaid.set(key, text);
  return text;
}

/** lastVersion is the table version at which the latest event of one of types arrived, or 0: a key that changes once per such event. */
export function lastVersion(log: { type: string }[], versions: number[], ...types: string[]): number {
  for (let i = log.length - 1; i >= 0; i--) if (types.includes(log[i]!.type)) return versions[i] ?? 0;
  return 0;
}
