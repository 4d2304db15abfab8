// The Neko Harbour view as the server sends it (games/neko/view.go), decoded
// into the shape the screens use. Field names of the engine's view are read
// here only.

import type { Seat } from "../../protocol";
import { isObj, num, obj, onlyNums, str } from "../../decode";
import { type MessageId, t } from "../../i18n/i18n";
import { attractionName } from "./cards";

/** Resources in the order of the engine's bundles: fish, goods, licence, penguin, captain, 1 VP card. */
export const RES = ["fish", "goods", "licence", "penguin", "captain", "vp"] as const;
export type ResName = (typeof RES)[number];
export type Bundle = Record<ResName, number>;

/** Ship places: a column of the line is 1..n; attractions are ATTR + index. */
export const LOC_DONE = -3;
export const LOC_NONE = -2;
export const LOC_SUPPLY = -1;
export const LOC_HARBOUR = 0;
export const LOC_ATTR = 20;
/** The index of the ghost ship among a player's ships. */
export const GHOST = 6;

export interface Ship {
  index: number;
  loc: number;
  level: number;
  rewarded: boolean;
  place: number;
}

export interface Column {
  kind: string;
  /** the card heading the column */
  first: number;
  hub: number;
  captains: number;
  cards: number;
  actions: number[];
  hubs: number[];
}

/** A player's final score by source; harbour and hubs are the E cards that score the harbour level and one hub, cards every other E card and boat. */
export interface Breakdown {
  periods: number;
  attractions: number;
  harbour: number;
  hubs: number;
  cards: number;
  penguins: number;
  captains: number;
  goods: number;
  vpCards: number;
  ships: number;
  ghost: number;
  total: number;
}

/** One intermediate scoring by source: ships on the last column by level, other ships in the line 1 each, and whether the ghost ship left from the last column (8 points at the end). */
export interface PeriodScore {
  lastColumn: number;
  line: number;
  ghostOut: boolean;
}

/** An entry of the points history: after seat's turn, or at the end of the period when seat is -1; points by seat, as if the game ended then. */
export interface Standing {
  period: number;
  seat: Seat;
  points: number[];
}

export interface NekoPlayer {
  seat: Seat;
  name: string;
  /** the viewer's own hand; null for every other seat */
  hand: number[] | null;
  handCount: number;
  drafted: number[];
  columns: Column[];
  ships: Ship[];
  harbour: number;
  supply: Bundle;
  pending: Bundle;
  locked: Bundle;
  /** licence, coin and fuel icons the line gives each turn */
  icons: [number, number, number];
  limit: number;
  interim: [number, number];
  periods: [PeriodScore, PeriodScore];
  final: Breakdown | null;
}

export interface Attraction {
  index: number;
  card: number;
  id: string;
  name: string;
  visited: boolean;
}

export interface DraftSet {
  cards: number[];
  taken: boolean;
}

export interface Choice {
  name: "hubReward" | "boatSwap" | "halfMoon" | "neko" | string;
  card: number;
}

export interface NekoView {
  viewer: Seat;
  period: number;
  phase: "draft" | "action" | "last" | "boats" | "over" | string;
  order: Seat[];
  active: Seat;
  stage: "play" | "tuck" | "window" | "choice" | "discard" | "boat" | "";
  /** the column being activated; equal to the number of columns for the final window */
  window: number;
  /** licence, coin and fuel icons left to spend in this window */
  icons: [number, number, number];
  lastWindow: boolean;
  choice: Choice | null;
  /** the Immediate card waiting for keep or tuck, or -1 */
  immediate: number;
  rows: DraftSet[][];
  display: number[];
  attractions: Attraction[];
  boats: number[];
  players: NekoPlayer[];
  history: Standing[];
}

const triple = (x: unknown): [number, number, number] => {
  const a = onlyNums(x);
  return [a[0] ?? 0, a[1] ?? 0, a[2] ?? 0];
};

export function decodeBundle(x: unknown): Bundle {
  const a = onlyNums(x);
  return { fish: a[0] ?? 0, goods: a[1] ?? 0, licence: a[2] ?? 0, penguin: a[3] ?? 0, captain: a[4] ?? 0, vp: a[5] ?? 0 };
}

function decodeBreakdown(x: unknown): Breakdown | null {
  if (!isObj(x)) return null;
  return {
    periods: num(x.periods),
    attractions: num(x.attractions),
    harbour: num(x.harbour),
    hubs: num(x.hubs),
    cards: num(x.cards),
    penguins: num(x.penguins),
    captains: num(x.captains),
    goods: num(x.goods),
    vpCards: num(x.vpCards),
    ships: num(x.ships),
    ghost: num(x.ghost),
    total: num(x.total),
  };
}

function decodePeriod(x: unknown): PeriodScore {
  const o = obj(x);
  return { lastColumn: num(o.lastColumn), line: num(o.line), ghostOut: o.ghostOut === true };
}

function decodePlayer(x: unknown, i: number): NekoPlayer {
  const o = obj(x);
  const cols = Array.isArray(o.columns) ? o.columns : [];
  const ships = Array.isArray(o.ships) ? o.ships : [];
  const interim = onlyNums(o.interim);
  const periods = Array.isArray(o.periods) ? o.periods : [];
  return {
    seat: num(o.seat, i),
    name: str(o.name) || t("neko.seat", { n: i + 1 }),
    hand: Array.isArray(o.hand) ? onlyNums(o.hand) : null,
    handCount: num(o.handCount),
    drafted: onlyNums(o.drafted),
    columns: cols.map((c) => {
      const k = obj(c);
      return {
        kind: str(k.kindCode),
        first: num(k.first),
        hub: num(k.hub),
        captains: num(k.captains),
        cards: num(k.cards),
        actions: onlyNums(k.actions),
        hubs: onlyNums(k.hubs),
      };
    }),
    ships: ships.map((s, index) => {
      const k = obj(s);
      return { index, loc: num(k.loc, LOC_NONE), level: num(k.level), rewarded: k.rewarded === true, place: num(k.place) };
    }),
    harbour: num(o.harbour, 1),
    supply: decodeBundle(o.supply),
    pending: decodeBundle(o.pending),
    locked: decodeBundle(o.locked),
    icons: triple(o.icons),
    limit: num(o.limit),
    interim: [interim[0] ?? 0, interim[1] ?? 0],
    periods: [decodePeriod(periods[0]), decodePeriod(periods[1])],
    final: decodeBreakdown(o.final),
  };
}

/** decodeView reads the engine's view; missing parts become empty, never an error. */
export function decodeView(x: unknown): NekoView {
  const o = obj(x);
  const choice = isObj(o.choice) ? { name: str(o.choice.name), card: num(o.choice.card) } : null;
  const rows = Array.isArray(o.rows) ? o.rows : [];
  const attrs = Array.isArray(o.attractions) ? o.attractions : [];
  const stage = str(o.stage);
  return {
    viewer: num(o.viewer, -1),
    period: num(o.period, 1),
    phase: str(o.phase),
    order: onlyNums(o.order),
    active: num(o.active, -1),
    stage: (["play", "tuck", "window", "choice", "discard", "boat"].includes(stage) ? stage : "") as NekoView["stage"],
    window: num(o.window),
    icons: triple(o.icons),
    lastWindow: o.lastWindow === true,
    choice,
    immediate: num(o.immediate, -1),
    rows: rows.map((r) =>
      (Array.isArray(r) ? r : []).map((s) => (isObj(s) ? { cards: onlyNums(s.cards), taken: s.taken === true } : { cards: [], taken: true })),
    ),
    display: onlyNums(o.display),
    attractions: attrs.map((a, index) => {
      const k = obj(a);
      return { index, card: num(k.card), id: str(k.id), name: str(k.name), visited: k.visited === true };
    }),
    boats: onlyNums(o.boats),
    players: (Array.isArray(o.players) ? o.players : []).map(decodePlayer),
    history: (Array.isArray(o.history) ? o.history : [])
      .filter(isObj)
      .map((h) => ({ period: num(h.period, 1), seat: num(h.seat, -1), points: onlyNums(h.points) })),
  };
}

/** shipPlace says where a ship is, in words. */
export function shipPlace(v: NekoView, p: NekoPlayer, s: Ship): string {
  if (s.loc === LOC_HARBOUR) return t("neko.place.harbour");
  if (s.loc >= LOC_ATTR) {
    const a = v.attractions[s.loc - LOC_ATTR];
    return a ? t("neko.place.attraction", { name: attractionName(a.id, a.name) }) : t("neko.place.anAttraction");
  }
  if (s.loc >= 1 && s.loc <= p.columns.length) return t("neko.place.column", { n: s.loc });
  if (s.loc === LOC_DONE) return t("neko.place.done");
  return t("neko.place.supply");
}

/** shipsInGame lists a player's ships that are in play (harbour, line, attractions), the ghost ship too while on the table. */
export const shipsInGame = (p: NekoPlayer): Ship[] => p.ships.filter((s) => s.loc >= LOC_HARBOUR);

/** shipName names a ship: the ghost ship, or a ship by its level. */
export const shipName = (s: Ship): string => (s.index === GHOST ? t("neko.ghostShipName") : t("neko.shipName", { level: s.level }));

/** ghostOn says whether the ghost ship module is in this game. */
export const ghostOn = (v: NekoView): boolean => v.players.some((p) => (p.ships[GHOST]?.loc ?? LOC_NONE) !== LOC_NONE);

/** bundleWord names a kind in a bundle as a count of n of it reads, without the number: "licences". */
export const bundleWord = (r: string, n: number): string => t(`neko.noun.${r}` as MessageId, { n });

/** resourceCards counts the cards that count toward the supply limit. */
export const resourceCards = (b: Bundle): number => b.fish + b.goods + b.licence;

/** scoreSoFar is a player's points: the final total at the end, else the intermediate scores. */
export const scoreSoFar = (p: NekoPlayer): number => p.final?.total ?? p.interim[0] + p.interim[1];

/** PointsOverGame is each player's points as if the game had ended at each step: 0 at the start, then after every turn and period; periodEnd is the step where period 1 was scored, or -1. */
export interface PointsOverGame {
  series: number[][];
  periodEnd: number;
}

/** pointsOverGame reads the points history of the view (public: every viewer gets the same). */
export function pointsOverGame(v: NekoView): PointsOverGame {
  const series = v.players.map((_, i) => [0, ...v.history.map((h) => h.points[i] ?? 0)]);
  const periodEnd = v.history.findIndex((h) => h.seat < 0 && h.period === 1);
  return { series, periodEnd: periodEnd < 0 ? -1 : periodEnd + 1 };
}

/** actingName names the seat the game waits on, or "". */
export const actingName = (v: NekoView): string => v.players[v.active]?.name ?? "";
