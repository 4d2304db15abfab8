// Words for Harborfall moves and what the buttons built from the server's
// legal moves say: labels, costs, and what a disabled build still lacks.
// No rules live here: whether a move is open is whether the server lists it.

import { type MessageId, t } from "../../i18n/i18n";
import type { Move, Seat } from "../../protocol";
import { amountText, cardTitle, hand, handText, type Hand, type HarborfallView } from "./view";
import { cornerHarbors, harborText, placeNames } from "./geometry";

const name = (v: HarborfallView, s: Seat) => v.players[s]?.name ?? t("harborfall.seat", { n: s + 1 });

/** moveLabel says what a legal move does, in player words. */
export function moveLabel(m: Move, v: HarborfallView): string {
  const at = typeof m.at === "number" ? m.at : 0;
  const seat = typeof m.seat === "number" ? m.seat : 0;
  const give = hand(m.give);
  const get = hand(m.get);
  const setup = v.phase === "setup";
  switch (m.type) {
    case "settlement": {
      const harbor = cornerHarbors(v)[at] ?? -1;
      const place = placeNames(v).corner[at] ?? "";
      const label = setup ? t("harborfall.move.place_settlement", { place }) : t("harborfall.move.build_settlement", { place });
      return harbor >= 0 ? t("harborfall.move.with_harbor", { label, harbor: harborText(harbor, v.resources) }) : label;
    }
    case "city":
      return t("harborfall.move.city", { place: placeNames(v).corner[at] ?? "" });
    case "road": {
      const place = placeNames(v).edge[at] ?? "";
      if (setup) return t("harborfall.move.place_road", { place });
      return v.phase === "free_roads" ? t("harborfall.move.free_road", { place }) : t("harborfall.move.build_road", { place });
    }
    case "buy":
      return t("harborfall.move.buy");
    case "roll":
      return t("harborfall.move.roll");
    case "end":
      return v.phase === "special_build" ? t("harborfall.move.end_extra") : t("harborfall.move.end");
    case "discard":
      return t("harborfall.move.discard", { cards: handText(give) });
    case "robber":
      return t("harborfall.move.robber", { place: placeNames(v).hex[at] ?? "" });
    case "steal":
      return t("harborfall.move.steal", { name: name(v, seat) });
    case "bank":
      return t("harborfall.move.bank", { give: handText(give), get: handText(get) });
    case "offer":
      return t("harborfall.move.offer", { give: handText(give), get: handText(get), to: seat === -1 ? t("harborfall.everyone") : name(v, seat) });
    case "accept":
      return t("harborfall.move.accept");
    case "decline":
      return t("harborfall.move.decline");
    case "counter":
      return t("harborfall.move.counter", { give: handText(give), get: handText(get) });
    case "pick":
      return t("harborfall.move.pick", { name: name(v, seat) });
    case "cancel":
      return t("harborfall.move.cancel");
    case "play_steal":
      return t("harborfall.move.play", { card: cardTitle(0) });
    case "play_roads":
      return t("harborfall.move.play", { card: cardTitle(1) });
    case "play_harvest":
      return t("harborfall.move.play_harvest", { card: cardTitle(2), cards: handText(get) });
    case "play_forced":
      return t("harborfall.move.play_forced", { card: cardTitle(3), res: v.resources[typeof m.res === "number" ? m.res : 0] ?? "" });
  }
  return m.type;
}

/** costText: "1 brick + 1 lumber". */
export function costText(cost: Hand): string {
  return cost.flatMap((n, r) => (n > 0 ? [amountText(r, n)] : [])).join(" + ");
}

/** lacking is what a hand still needs to pay cost. */
export function lacking(have: Hand, cost: Hand): Hand {
  return cost.map((n, r) => Math.max(0, n - have[r]!)) as Hand;
}

export type BuildKind = "road" | "settlement" | "city" | "dev";

const BUILD_WORDS: Record<BuildKind, MessageId> = {
  road: "harborfall.build.road",
  settlement: "harborfall.build.settlement",
  city: "harborfall.build.city",
  dev: "harborfall.build.dev",
};

/** buildTitle is a build's title in the reader's language: "Road". */
export const buildTitle = (kind: BuildKind): string => t(BUILD_WORDS[kind]);
const MOVE_OF: Record<BuildKind, string> = { road: "road", settlement: "settlement", city: "city", dev: "buy" };

export interface BuildOption {
  kind: BuildKind;
  cost: Hand;
  /** the legal moves of this kind (spots on the board, or the one buy) */
  moves: Move[];
  /** why there are none, in words; "" when there are */
  why: string;
}

/** buildOptions says for each build whether the server lists it and, if not, the likely reason. */
export function buildOptions(v: HarborfallView, legal: Move[]): BuildOption[] {
  const me = v.me;
  const building = v.phase === "main" || v.phase === "special_build";
  const mine = v.viewer >= 0 && (v.phase === "special_build" ? v.special === v.viewer : v.active === v.viewer);
  return (["road", "settlement", "city", "dev"] as BuildKind[]).map((kind) => {
    const cost = v.costs[kind];
    const moves = legal.filter((m) => m.type === MOVE_OF[kind]);
    if (moves.length > 0 || !me) return { kind, cost, moves, why: "" };
    const p = v.players[v.viewer];
    const short = lacking(me.hand, cost);
    let why: string;
    if (!mine || v.phase === "setup" || v.phase === "over") why = t("harborfall.why.not_your_turn");
    else if (v.phase === "roll") why = t("harborfall.why.roll_first");
    else if (!building) why = t("harborfall.why.finish_step");
    else if (short.some((n) => n > 0)) why = t("harborfall.why.needs", { cards: handText(short) });
    else if (kind === "road" && p?.roadsLeft === 0) why = t("harborfall.why.no_roads");
    else if (kind === "settlement" && p?.settlementsLeft === 0) why = t("harborfall.why.no_settlements");
    else if (kind === "city" && p?.citiesLeft === 0) why = t("harborfall.why.no_cities");
    else if (kind === "dev" && v.deckLeft === 0) why = t("harborfall.why.deck_empty");
    else if (kind === "city") why = t("harborfall.why.no_upgrade");
    else why = t("harborfall.why.no_spot");
    return { kind, cost, moves, why };
  });
}

/** Spots are the board places a tap can act on now, from the legal moves. */
export interface Spots {
  corners: Map<number, Move>;
  edges: Map<number, Move>;
  hexes: Map<number, Move>;
}

/** spots maps corners, edges and hexes to the legal move a tap there makes; build restricts to one kind of build. */
export function spots(legal: Move[], build?: BuildKind | null): Spots {
  const out: Spots = { corners: new Map(), edges: new Map(), hexes: new Map() };
  for (const m of legal) {
    const at = typeof m.at === "number" ? m.at : 0;
    if (build && MOVE_OF[build] !== m.type) continue;
    if (m.type === "settlement" || m.type === "city") out.corners.set(at, m);
    else if (m.type === "road") out.edges.set(at, m);
    else if (m.type === "robber") out.hexes.set(at, m);
  }
  return out;
}

/** boardMode says whether taps on the board place something without choosing a build first. */
export function placesFromBoard(v: HarborfallView): boolean {
  return v.phase === "setup" || v.phase === "free_roads" || v.phase === "robber";
}

/** Play moves grouped by card: each card kind with its legal plays. */
export function cardPlays(legal: Move[]): Map<number, Move[]> {
  const kinds: Record<string, number> = { play_steal: 0, play_roads: 1, play_harvest: 2, play_forced: 3 };
  const out = new Map<number, Move[]>();
  for (const m of legal) {
    const k = kinds[m.type];
    if (k === undefined) continue;
    out.set(k, [...(out.get(k) ?? []), m]);
  }
  return out;
}

/** bankRates lists the supply trades per resource given: the legal bank moves. */
export const bankMoves = (legal: Move[]) => legal.filter((m) => m.type === "bank");

/** offerMove builds a free-form offer: to a seat, or -1 for everyone. */
export function offerMove(to: Seat, give: Hand, get: Hand): Move {
  return { type: "offer", seat: to, give: [...give], get: [...get] };
}

/** counterMove builds a counter-offer from the recipient's side. */
export function counterMove(give: Hand, get: Hand): Move {
  return { type: "counter", give: [...give], get: [...get] };
}

/** discardMove discards a chosen hand. */
export function discardMove(give: Hand): Move {
  return { type: "discard", give: [...give] };
}

/** termsOk says whether an offer's terms can be sent: both sides non-empty, no resource on both. */
export function termsOk(give: Hand, get: Hand): boolean {
  return give.some((n) => n > 0) && get.some((n) => n > 0) && give.every((n, r) => n === 0 || get[r] === 0);
}

/**
 * termsWhy says why someone holding held cannot send these terms (HF-42,
 * HF-43: both sides give, only cards one holds, no resource on both), or ""
 * when they can.
 */
export function termsWhy(give: Hand, get: Hand, held: Hand): string {
  if (!give.some((n) => n > 0)) return t("harborfall.why.choose_give");
  if (!get.some((n) => n > 0)) return t("harborfall.why.choose_get");
  if (!termsOk(give, get)) return t("harborfall.why.both_sides");
  const short = give.findIndex((n, r) => n > held[r]!);
  return short >= 0 ? t("harborfall.why.hold_only", { cards: amountText(short, held[short]!) }) : "";
}

/** counterStart is where a counter-offer's form starts: the open offer turned round, giving no more than the answerer holds. */
export function counterStart(offer: { give: Hand; get: Hand }, held: Hand): { give: Hand; get: Hand } {
  return { give: offer.get.map((n, r) => Math.min(n, held[r]!)) as Hand, get: [...offer.give] as Hand };
}

/** counterWhy says why a counter-offer cannot be sent, or "" when it can: its terms must be ones the answerer can make, and not the offer's own. */
export function counterWhy(offer: { give: Hand; get: Hand }, give: Hand, get: Hand, held: Hand): string {
  const why = termsWhy(give, get, held);
  if (why) return why;
  const same = give.every((n, r) => n === offer.get[r]) && get.every((n, r) => n === offer.give[r]);
  return same ? t("harborfall.why.same_offer") : "";
}

/** offerText describes the open offer for a viewer. */
export function offerText(v: HarborfallView, viewer: Seat): string {
  const o = v.offer;
  if (!o) return "";
  const give = handText(o.give);
  const get = handText(o.get);
  if (o.from === viewer) return o.to === -1 ? t("harborfall.offer.you_everyone", { give, get }) : t("harborfall.offer.you", { to: name(v, o.to), give, get });
  const from = name(v, o.from);
  if (o.to === -1) return t("harborfall.offer.everyone", { from, give, get });
  return o.to === viewer ? t("harborfall.offer.to_you", { from, give, get }) : t("harborfall.offer.other", { from, to: name(v, o.to), give, get });
}

/** answerText says what one recipient answered; short words a counter's terms for a narrow column (the TV's). */
export function answerText(v: HarborfallView, seat: Seat, short = false): string {
  const o = v.offer;
  if (!o) return "";
  switch (o.answers[seat]) {
    case 1:
      return t("harborfall.answer.accepts");
    case 2:
      return t("harborfall.answer.declines");
    case 3: {
      const c = o.counters[seat];
      if (!c) return t("harborfall.answer.counters");
      const terms = { give: handText(c.give), get: handText(c.get) };
      return short ? t("harborfall.answer.counters_short", terms) : t("harborfall.answer.counters_terms", terms);
    }
  }
  return t("harborfall.answer.thinking");
}

/** recipients are the seats an open offer went to. */
export function recipients(v: HarborfallView): Seat[] {
  const o = v.offer;
  if (!o) return [];
  return v.players.map((_, s) => s).filter((s) => s !== o.from && (o.to === -1 || o.to === s));
}

/** turnLine says whose turn it is and what is happening, in words. */
export function turnLine(v: HarborfallView, me: Seat): string {
  const a = v.active;
  const you = a === me;
  const who = name(v, a);
  const turn = v.turns;
  switch (v.phase) {
    case "setup":
      if (v.setupCorner >= 0) return you ? t("harborfall.turn.setup_road_you") : t("harborfall.turn.setup_road", { who });
      return you ? t("harborfall.turn.setup_settlement_you") : t("harborfall.turn.setup_settlement", { who });
    case "roll":
      return you ? t("harborfall.turn.roll_you", { turn }) : t("harborfall.turn.roll", { turn, who });
    case "discard": {
      const owing = v.players.flatMap((p, s) =>
        p.owed > 0 ? [s === me ? t("harborfall.turn.owing_you", { n: p.owed }) : t("harborfall.turn.owing", { who: name(v, s), n: p.owed })] : [],
      );
      return t("harborfall.turn.discard", { owing: owing.join(", ") });
    }
    case "robber":
      return you ? t("harborfall.turn.robber_you") : t("harborfall.turn.robber", { who });
    case "steal":
      return you ? t("harborfall.turn.steal_you") : t("harborfall.turn.steal", { who });
    case "free_roads":
      return you ? t("harborfall.turn.free_roads_you", { n: v.freeRoads }) : t("harborfall.turn.free_roads", { who, n: v.freeRoads });
    case "offer":
      return offerText(v, me);
    case "special_build":
      return v.special === me ? t("harborfall.turn.special_you") : t("harborfall.turn.special", { who: name(v, v.special) });
    case "over":
      return v.winner >= 0 ? t("harborfall.turn.wins", { who: name(v, v.winner) }) : t("harborfall.turn.over");
  }
  return you ? t("harborfall.turn.main_you", { turn }) : t("harborfall.turn.main", { turn, who });
}
