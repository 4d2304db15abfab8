// Words for Harborfall moves and what the buttons built from the server's
// legal moves say: labels, costs, and what a disabled build still lacks.
// No rules live here: whether a move is open is whether the server lists it.

import type { Move, Seat } from "../../protocol";
import { CARD_TITLES, hand, handText, type Hand, type HarborfallView } from "./view";
import { cornerHarbors, harborText, placeNames } from "./geometry";

const name = (v: HarborfallView, s: Seat) => v.players[s]?.name ?? `Seat ${s + 1}`;

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
      return `${setup ? "Place your settlement" : "Build a settlement"} ${placeNames(v).corner[at]}${harbor >= 0 ? ` (harbor ${harborText(harbor, v.resources)})` : ""}`;
    }
    case "city":
      return `Upgrade your settlement ${placeNames(v).corner[at]} to a city`;
    case "road":
      return `${setup ? "Place your road" : v.phase === "free_roads" ? "Place a free road" : "Build a road"} ${placeNames(v).edge[at]}`;
    case "buy":
      return "Buy a development card";
    case "roll":
      return "Roll the dice";
    case "end":
      return v.phase === "special_build" ? "End your extra build turn" : "End turn";
    case "discard":
      return `Discard ${handText(give, v.resources)}`;
    case "robber":
      return `Move the robber to ${placeNames(v).hex[at]}`;
    case "steal":
      return `Steal from ${name(v, seat)}`;
    case "bank":
      return `Trade ${handText(give, v.resources)} for ${handText(get, v.resources)}`;
    case "offer":
      return `Offer ${handText(give, v.resources)} for ${handText(get, v.resources)} to ${seat === -1 ? "everyone" : name(v, seat)}`;
    case "accept":
      return "Accept the offer";
    case "decline":
      return "Decline the offer";
    case "counter":
      return `Counter: give ${handText(give, v.resources)} for ${handText(get, v.resources)}`;
    case "pick":
      return `Trade with ${name(v, seat)}`;
    case "cancel":
      return "Withdraw the offer";
    case "play_steal":
      return `Play ${CARD_TITLES[0]}`;
    case "play_roads":
      return `Play ${CARD_TITLES[1]}`;
    case "play_harvest":
      return `Play ${CARD_TITLES[2]}: take ${handText(get, v.resources)}`;
    case "play_forced":
      return `Play ${CARD_TITLES[3]}: everyone hands you their ${v.resources[typeof m.res === "number" ? m.res : 0]}`;
  }
  return m.type;
}

/** costText: "1 brick + 1 lumber". */
export function costText(cost: Hand, names: string[]): string {
  return cost.flatMap((n, r) => (n > 0 ? [`${n} ${names[r]}`] : [])).join(" + ");
}

/** lacking is what a hand still needs to pay cost. */
export function lacking(have: Hand, cost: Hand): Hand {
  return cost.map((n, r) => Math.max(0, n - have[r]!)) as Hand;
}

export type BuildKind = "road" | "settlement" | "city" | "dev";

export const BUILD_TITLES: Record<BuildKind, string> = { road: "Road", settlement: "Settlement", city: "City", dev: "Development card" };
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
    if (!mine || v.phase === "setup" || v.phase === "over") why = "Not your turn to build";
    else if (v.phase === "roll") why = "Roll the dice first";
    else if (!building) why = "Finish the current step first";
    else if (short.some((n) => n > 0)) why = `Needs ${handText(short, v.resources)} more`;
    else if (kind === "road" && p?.roadsLeft === 0) why = "No road pieces left";
    else if (kind === "settlement" && p?.settlementsLeft === 0) why = "No settlement pieces left";
    else if (kind === "city" && p?.citiesLeft === 0) why = "No city pieces left";
    else if (kind === "dev" && v.deckLeft === 0) why = "The deck is empty";
    else if (kind === "city") why = "No settlement of yours to upgrade";
    else why = `No spot your roads reach`;
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
export function termsWhy(give: Hand, get: Hand, held: Hand, names: string[]): string {
  if (!give.some((n) => n > 0)) return "Choose what you give";
  if (!get.some((n) => n > 0)) return "Choose what you want";
  if (!termsOk(give, get)) return "A resource cannot be on both sides";
  const short = give.findIndex((n, r) => n > held[r]!);
  return short >= 0 ? `You hold only ${held[short]} ${names[short]}` : "";
}

/** counterStart is where a counter-offer's form starts: the open offer turned round, giving no more than the answerer holds. */
export function counterStart(offer: { give: Hand; get: Hand }, held: Hand): { give: Hand; get: Hand } {
  return { give: offer.get.map((n, r) => Math.min(n, held[r]!)) as Hand, get: [...offer.give] as Hand };
}

/** counterWhy says why a counter-offer cannot be sent, or "" when it can: its terms must be ones the answerer can make, and not the offer's own. */
export function counterWhy(offer: { give: Hand; get: Hand }, give: Hand, get: Hand, held: Hand, names: string[]): string {
  const why = termsWhy(give, get, held, names);
  if (why) return why;
  const same = give.every((n, r) => n === offer.get[r]) && get.every((n, r) => n === offer.give[r]);
  return same ? "That is the offer itself: accept it instead" : "";
}

/** offerText describes the open offer for a viewer. */
export function offerText(v: HarborfallView, viewer: Seat): string {
  const o = v.offer;
  if (!o) return "";
  const from = o.from === viewer ? "You" : name(v, o.from);
  const to = o.to === -1 ? "everyone" : o.to === viewer ? "you" : name(v, o.to);
  return `${from} offer${o.from === viewer ? "" : "s"} ${to} ${handText(o.give, v.resources)} for ${handText(o.get, v.resources)}`;
}

/** answerText says what one recipient answered; short words a counter's terms for a narrow column (the TV's). */
export function answerText(v: HarborfallView, seat: Seat, short = false): string {
  const o = v.offer;
  if (!o) return "";
  switch (o.answers[seat]) {
    case 1:
      return "accepts";
    case 2:
      return "declines";
    case 3: {
      const c = o.counters[seat];
      if (!c) return "counters";
      const terms = `${handText(c.give, v.resources)} for ${handText(c.get, v.resources)}`;
      return short ? `counters ${terms}` : `counters: gives ${terms}`;
    }
  }
  return "thinking…";
}

/** recipients are the seats an open offer went to. */
export function recipients(v: HarborfallView): Seat[] {
  const o = v.offer;
  if (!o) return [];
  return v.players.map((_, s) => s).filter((s) => s !== o.from && (o.to === -1 || o.to === s));
}

/** turnLine says whose turn it is and what is happening, in words. */
export function turnLine(v: HarborfallView, me: Seat): string {
  const who = (s: Seat) => (s === me ? "You" : name(v, s));
  const a = v.active;
  switch (v.phase) {
    case "setup":
      return `Setup: ${who(a)} ${a === me ? "place" : "places"} a ${v.setupCorner >= 0 ? "road" : "settlement"}`;
    case "roll":
      return `Turn ${v.turns}: ${who(a)} ${a === me ? "roll" : "rolls"} the dice`;
    case "discard": {
      const owing = v.players.flatMap((p, s) => (p.owed > 0 ? [`${who(s)} (${p.owed})`] : []));
      return `A seven! Discarding: ${owing.join(", ")}`;
    }
    case "robber":
      return `${who(a)} ${a === me ? "move" : "moves"} the robber`;
    case "steal":
      return `${who(a)} ${a === me ? "choose" : "chooses"} whom to steal from`;
    case "free_roads":
      return `${who(a)} ${a === me ? "place" : "places"} free roads (${v.freeRoads} left)`;
    case "offer":
      return offerText(v, me);
    case "special_build":
      return `Extra build turn: ${who(v.special)} may build or buy (no trades, no cards)`;
    case "over":
      return v.winner >= 0 ? `${name(v, v.winner)} wins!` : "The game is over.";
  }
  return `Turn ${v.turns}: ${who(a)} ${a === me ? "build, trade or end your turn" : "is building and trading"}`;
}
