// Words for Harbor Holdings moves: labels for the buttons built from the
// legal moves the server sends, and the trade moves the trade builder makes.

import { coins } from "../../format";
import type { Move, Seat } from "../../protocol";
import { SPACES, spaceName } from "./board";
import type { HoldingsView, Trade, TradeSide } from "./view";

/** The turn moves, in the order the action bar shows them. */
export const TURN_ORDER = ["roll", "buy", "pass", "end"] as const;

export function moveLabel(m: Move, v: HoldingsView | null): string {
  const space = typeof m.space === "number" ? m.space : (v?.landed ?? -1);
  switch (m.type) {
    case "roll":
      return "Roll the dice";
    case "buy":
      return space >= 0 ? `Buy ${spaceName(space)} for ${coins(SPACES[space]?.price ?? 0)}` : "Buy";
    case "pass":
      return space >= 0 ? `Don't buy ${spaceName(space)}` : "Don't buy";
    case "improve":
      return `Improve ${spaceName(space)} (70)`;
    case "end":
      return "End turn";
    case "accept":
      return "Accept the trade";
    case "decline":
      return "Decline the trade";
    case "cancel":
      return "Cancel my offer";
  }
  return m.type;
}

export const turnMoves = (legal: Move[]) => TURN_ORDER.flatMap((t) => legal.filter((m) => m.type === t));
export const improveMoves = (legal: Move[]) => legal.filter((m) => m.type === "improve");
export const tradeAnswers = (legal: Move[]) => legal.filter((m) => m.type === "accept" || m.type === "decline" || m.type === "cancel");

export interface TradeDraft {
  to: Seat;
  give: TradeSide;
  get: TradeSide;
}

const side = (s: TradeSide): TradeSide => ({ properties: [...s.properties].sort((a, b) => a - b), coins: Math.max(0, Math.floor(s.coins)) });

export function proposeMove(d: TradeDraft): Move {
  return { type: "propose", to: d.to, give: side(d.give), get: side(d.get) };
}

export function counterMove(d: TradeDraft): Move {
  return { type: "counter", give: side(d.give), get: side(d.get) };
}

/** held keeps of a side what seat still owns and can pay. */
const held = (s: TradeSide, seat: Seat, v: HoldingsView): TradeSide => ({
  properties: s.properties.filter((p) => v.owner[p] === seat),
  coins: Math.min(s.coins, v.cash[seat] ?? 0),
});

/** counterDraft starts a counter from the open trade, seen from its recipient: the sides swap, keeping only what each side still owns and can pay. */
export function counterDraft(t: Trade, v: HoldingsView): TradeDraft {
  return { to: t.from, give: held(t.get, t.to, v), get: held(t.give, t.from, v) };
}

const sideEmpty = (s: TradeSide) => s.properties.length === 0 && s.coins <= 0;
const sameSide = (a: TradeSide, b: TradeSide) => a.coins === b.coins && side(a).properties.join() === side(b).properties.join();

/**
 * draftWhy says why me cannot send a trade draft, or "" when it can: each
 * side gives something unless the table allows gifts (HH-55). A counter to
 * the open trade answering must also give only what each side owns and can
 * pay (HH-60), and differ from that trade turned round; a proposal's
 * holdings are left to the server, which says what it refuses.
 */
export function draftWhy(d: TradeDraft, v: HoldingsView, me: Seat, answering: Trade | null = null): string {
  if (d.to < 0) return "Choose whom to trade with";
  const them = v.names[d.to] ?? `Seat ${d.to + 1}`;
  if (sideEmpty(d.give) && sideEmpty(d.get)) return "Choose what you give and what you get";
  if (!v.oneSided && sideEmpty(d.give)) return "Choose what you give";
  if (!v.oneSided && sideEmpty(d.get)) return `Choose what you get from ${them}`;
  if (!answering) return "";
  for (const [seat, s, who] of [
    [me, d.give, "You"],
    [d.to, d.get, them],
  ] as const) {
    const lost = s.properties.find((p) => v.owner[p] !== seat);
    if (lost !== undefined) return `${who} ${seat === me ? "do" : "does"} not own ${spaceName(lost)}`;
    const cash = v.cash[seat] ?? 0;
    if (s.coins > cash) return `${who} ${seat === me ? "have" : "has"} only ${coins(cash)} Coins`;
  }
  if (answering && sameSide(d.give, answering.get) && sameSide(d.get, answering.give)) return "That is the trade itself: accept it instead";
  return "";
}

/** sideText: "Tar Lane, Gull Street and 100 Coins", or "nothing". */
export function sideText(s: TradeSide): string {
  const items = s.properties.map(spaceName);
  if (s.coins > 0) items.push(`${coins(s.coins)} Coins`);
  if (items.length === 0) return "nothing";
  return items.length === 1 ? items[0]! : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

/** tradeText describes the open trade for a viewer. */
export function tradeText(t: Trade, names: string[], viewer: Seat): string {
  const from = t.from === viewer ? "You" : (names[t.from] ?? `Seat ${t.from + 1}`);
  const to = t.to === viewer ? "you" : (names[t.to] ?? `Seat ${t.to + 1}`);
  return `${from} offer${t.from === viewer ? "" : "s"} ${to} ${sideText(t.give)} in exchange for ${sideText(t.get)}.`;
}
