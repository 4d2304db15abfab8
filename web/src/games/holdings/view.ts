// The Harbor Holdings view as the server sends it, decoded into the shape the
// screens use. Field names of the engine's view are read here only.

import type { Move, Seat } from "../../protocol";
import { seatList } from "../../protocol";
import { NUM_SPACES, SPACES } from "./board";
import { isObj, nums, obj, pick } from "../../decode";
import { t } from "../../i18n/i18n";

export interface TradeSide {
  properties: number[];
  coins: number;
}

export interface Trade {
  from: Seat;
  to: Seat;
  /** what the proposer hands over */
  give: TradeSide;
  /** what the proposer receives */
  get: TradeSide;
}

export interface HoldingsView {
  names: string[];
  players: number;
  cash: number[];
  pos: number[];
  out: Seat[];
  /** owning seat of each space, -1 for the bank */
  owner: number[];
  improvements: number[];
  /** the seat on turn */
  turn: Seat;
  order: Seat[];
  phase: string;
  dice: [number, number];
  /** the unowned district on offer, or -1 */
  landed: number;
  round: number;
  roundLimit: number;
  trade: Trade | null;
  lastTrade: string;
  netWorth: number[];
  /** net worth per seat after each completed round; row 0 is the start */
  history: number[][];
  /** the table allows one-sided trades (gifts) */
  oneSided: boolean;
  lastCard: string;
}

function decodeSide(x: unknown): TradeSide {
  const o = obj(x);
  const props = pick(o, "properties", "spaces", "props");
  return {
    properties: Array.isArray(props) ? props.filter((p): p is number => typeof p === "number") : typeof props === "number" ? bits(props) : [],
    coins: typeof o.coins === "number" ? o.coins : 0,
  };
}

function bits(x: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < 53 && 2 ** i <= x; i++) if (Math.floor(x / 2 ** i) % 2 === 1) out.push(i);
  return out;
}

export function decodeTrade(x: unknown): Trade | null {
  if (!isObj(x)) return null;
  if (x.open === false) return null;
  if (typeof x.from !== "number" || typeof x.to !== "number") return null;
  return { from: x.from, to: x.to, give: decodeSide(x.give), get: decodeSide(x.get) };
}

/** netWorthOf is cash plus printed prices plus 70 per improvement (HH-71), for views that do not carry it. */
export function netWorthOf(seat: Seat, cash: number, owner: number[], improvements: number[]): number {
  let w = cash;
  for (let i = 0; i < NUM_SPACES; i++) if (owner[i] === seat) w += (SPACES[i]?.price ?? 0) + 70 * (improvements[i] ?? 0);
  return w;
}

export function decodeView(raw: unknown, fallbackNames: string[] = []): HoldingsView {
  const o = obj(raw);
  // A view may list players as objects, or as parallel arrays.
  const plist = Array.isArray(o.players) ? (o.players as unknown[]).map((p) => obj(p)) : null;
  const namesRaw = plist ? plist.map((p) => p.name) : Array.isArray(o.names) ? o.names : fallbackNames;
  const players = plist ? plist.length : typeof o.players === "number" ? o.players : namesRaw.length;
  const names = Array.from({ length: players }, (_, i) =>
    typeof namesRaw[i] === "string" && namesRaw[i] ? (namesRaw[i] as string) : (fallbackNames[i] ?? t("holdings.playerN", { n: i + 1 })),
  );
  const col = (key: string, ...alts: string[]) => (plist ? plist.map((p) => pick(p, key, ...alts)) : pick(o, key, ...alts));
  const cash = nums(col("cash", "coins"), players);
  const pos = nums(col("positions", "pos", "position"), players);
  const bankrupt = col("bankrupt", "out");
  const out = Array.isArray(bankrupt) ? bankrupt.flatMap((b, i) => (b === true && i < players ? [i] : [])) : seatList(bankrupt);
  const spaces = Array.isArray(o.spaces) ? (o.spaces as unknown[]).map((s) => obj(s)) : null;
  const owner = spaces ? spaces.map((s) => (typeof s.owner === "number" ? s.owner : -1)) : nums(pick(o, "owner", "owners"), NUM_SPACES, -1);
  const improvements = spaces ? spaces.map((s) => Number(pick(s, "improvements", "level") ?? 0)) : nums(pick(o, "improvements", "levels"), NUM_SPACES);
  const order = Array.isArray(o.order) ? nums(o.order, players) : Array.from({ length: players }, (_, i) => i);
  let turn = typeof pick(o, "turn", "seat", "current") === "number" ? (pick(o, "turn", "seat", "current") as number) : -1;
  if (turn < 0 && typeof o.turnIdx === "number") turn = order[o.turnIdx] ?? 0;
  const dice = nums(o.dice, 2) as [number, number];
  const nw = plist ? plist.map((p) => p.netWorth ?? p.networth ?? p.worth) : (o.netWorth ?? o.networth ?? o.worth);
  const netWorth = Array.isArray(nw) && nw.some((x) => typeof x === "number") ? nums(nw, players) : cash.map((c, i) => netWorthOf(i, c, owner, improvements));
  let history: number[][] = [];
  if (Array.isArray(o.history)) {
    const len = typeof o.histLen === "number" ? o.histLen : o.history.length;
    history = (o.history as unknown[]).slice(0, len).map((row) => nums(row, players));
  }
  const opts = obj(o.options);
  const trade = decodeTrade(o.trade);
  const lastTrade = lastTradeText(o.lastTrade);
  const lastCard = typeof o.lastCardText === "string" ? o.lastCardText : "";
  return {
    names,
    players,
    cash,
    pos,
    out,
    owner,
    improvements,
    turn,
    order,
    phase: typeof o.phase === "string" ? o.phase : typeof o.phase === "number" ? (["roll", "buy", "end", "over"][o.phase] ?? "") : "",
    dice,
    landed: typeof o.landed === "number" ? o.landed : -1,
    round: typeof o.round === "number" ? o.round : 1,
    roundLimit: typeof o.roundLimit === "number" ? o.roundLimit : typeof opts.roundLimit === "number" ? opts.roundLimit : 20,
    trade,
    lastTrade,
    netWorth,
    history,
    oneSided: opts.oneSidedTrades === true,
    lastCard,
  };
}

/** reasonWords says a reason the engine gives for a trade that closed unaccepted; one it has no words for is shown as it came. */
function reasonWords(reason: string): string {
  switch (reason) {
    case "not_owner":
      return t("holdings.last.why.notOwner");
    case "short_cash":
      return t("holdings.last.why.shortCash");
    case "bankrupt":
      return t("holdings.last.why.bankrupt");
    case "game_over":
      return t("holdings.why.gameOver");
    case "withdrawn":
      return t("holdings.last.why.withdrawn");
  }
  return reason;
}

/** lastTradeText says how the last trade closed: {status, reason} on the wire. */
export function lastTradeText(x: unknown): string {
  if (!isObj(x) || typeof x.status !== "string" || x.status === "") return "";
  const reason = typeof x.reason === "string" ? x.reason : "";
  const why = reason ? reasonWords(reason) : "";
  switch (x.status) {
    case "accepted":
    case "declined":
    case "cancelled":
      return t(`holdings.last.${x.status}`);
    case "failed":
      return why ? t("holdings.last.failedBecause", { why }) : t("holdings.last.failed");
  }
  return why ? t("holdings.last.closedBecause", { status: x.status, why }) : t("holdings.last.closed", { status: x.status });
}

/** eventSpace is the board space an event is about (a purchase, a rent, a move), or -1. */
export function eventSpace(e: { type: string; data?: unknown } | undefined): number {
  const d = e?.data;
  if (!isObj(d)) return -1;
  if (e!.type === "move" && typeof d.to === "number") return d.to;
  return typeof d.space === "number" && d.space > 0 ? d.space : -1;
}

/** latestSpace is the space the latest move was last about: scanning the events of the newest version from the end. */
export function latestSpace(log: { type: string; data?: unknown }[], versions: number[]): number {
  const v = versions[versions.length - 1];
  for (let i = log.length - 1; i >= 0 && versions[i] === v; i--) {
    const sp = eventSpace(log[i]);
    if (sp >= 0) return sp;
  }
  return -1;
}

/** rollKey changes exactly when a new roll appears in the log, so the dice animate on rolls only. */
export function rollKey(log: { type: string }[], versions: number[]): number {
  for (let i = log.length - 1; i >= 0; i--) if (log[i]!.type === "roll") return versions[i] ?? 0;
  return 0;
}

/** holdingsOf lists the spaces seat owns, in board order. */
export function holdingsOf(v: HoldingsView, seat: Seat): number[] {
  const out: number[] = [];
  v.owner.forEach((o, i) => {
    if (o === seat) out.push(i);
  });
  return out;
}

/** mayPropose: no trade is open, this viewer is a player still in, and the game runs (the view is the same for every viewer, so the seat decides). */
export function mayPropose(v: HoldingsView, seat: Seat, over: boolean): boolean {
  return !over && seat >= 0 && seat < v.players && !v.out.includes(seat) && v.trade === null;
}

/** mayCounter: the open trade is addressed to this viewer (the server lists accept/decline for them). */
export function mayCounter(v: HoldingsView, seat: Seat, legal: Move[]): boolean {
  return v.trade !== null && v.trade.to === seat && legal.some((m) => m.type === "accept" || m.type === "decline");
}
