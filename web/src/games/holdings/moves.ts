// Words for Harbor Holdings moves: labels for the buttons built from the
// legal moves the server sends, and the trade moves the trade builder makes.

import { formatList, t } from "../../i18n/i18n";
import type { Move, Seat } from "../../protocol";
import { SPACES, spaceName } from "./board";
import type { HoldingsView, Trade, TradeSide } from "./view";

/** The turn moves, in the order the action bar shows them. */
export const TURN_ORDER = ["roll", "buy", "pass", "end"] as const;

export function moveLabel(m: Move, v: HoldingsView | null): string {
  const space = typeof m.space === "number" ? m.space : (v?.landed ?? -1);
  switch (m.type) {
    case "roll":
      return t("holdings.move.roll");
    case "buy":
      return space >= 0 ? t("holdings.move.buySpace", { place: spaceName(space), n: SPACES[space]?.price ?? 0 }) : t("holdings.move.buy");
    case "pass":
      return space >= 0 ? t("holdings.move.passSpace", { place: spaceName(space) }) : t("holdings.move.pass");
    case "improve":
      return t("holdings.move.improve", { place: spaceName(space), n: 70 });
    case "end":
      return t("holdings.move.end");
    case "accept":
      return t("holdings.move.accept");
    case "decline":
      return t("holdings.move.decline");
    case "cancel":
      return t("holdings.move.cancel");
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
  if (d.to < 0) return t("holdings.draft.whom");
  const them = seatName(v.names, d.to);
  if (sideEmpty(d.give) && sideEmpty(d.get)) return t("holdings.draft.both");
  if (!v.oneSided && sideEmpty(d.give)) return t("holdings.draft.give");
  if (!v.oneSided && sideEmpty(d.get)) return t("holdings.draft.get", { who: them });
  if (!answering) return "";
  for (const [seat, s] of [
    [me, d.give],
    [d.to, d.get],
  ] as const) {
    const lost = s.properties.find((p) => v.owner[p] !== seat);
    if (lost !== undefined)
      return seat === me ? t("holdings.draft.youDoNotOwn", { place: spaceName(lost) }) : t("holdings.draft.doesNotOwn", { who: them, place: spaceName(lost) });
    const cash = v.cash[seat] ?? 0;
    if (s.coins > cash) return seat === me ? t("holdings.draft.youHaveOnly", { n: cash }) : t("holdings.draft.hasOnly", { who: them, n: cash });
  }
  if (answering && sameSide(d.give, answering.get) && sameSide(d.get, answering.give)) return t("holdings.draft.same");
  return "";
}

/** sideText: "Tar Lane, Gull Street and 100 Coins", or "nothing". */
export function sideText(s: TradeSide): string {
  const items = s.properties.map(spaceName);
  if (s.coins > 0) items.push(t("holdings.coins", { n: s.coins }));
  if (items.length === 0) return t("holdings.nothing");
  return formatList(items);
}

/** seatName is a seat's player name, or "Seat n" when the view has none. */
export const seatName = (names: string[], seat: Seat) => names[seat] ?? t("holdings.seatN", { n: seat + 1 });

/** tradeText describes the open trade for a viewer. */
export function tradeText(tr: Trade, names: string[], viewer: Seat): string {
  const give = sideText(tr.give);
  const get = sideText(tr.get);
  if (tr.from === viewer) return t("holdings.trade.youOffer", { to: seatName(names, tr.to), give, get });
  if (tr.to === viewer) return t("holdings.trade.offersYou", { from: seatName(names, tr.from), give, get });
  return t("holdings.trade.offers", { from: seatName(names, tr.from), to: seatName(names, tr.to), give, get });
}
