// Words for Neko Harbour moves: a label (with its price) for every button
// built from the legal moves the server sends, and the groups the turn panel
// shows them in. The prices are the printed ones (content.json and the
// rulebook's fixed prices); whether a move is possible is only ever the
// server's answer.

import type { Move } from "../../protocol";
import { cardName, choiceText, harbourCost, CARDS } from "./cards";
import { GHOST, shipPlace, type NekoPlayer, type NekoView } from "./view";

/** field reads a number field of a move; the server leaves a zero field out, so absent reads as 0 (card 0, row 0, column 0). */
export const field = (m: Move, k: string): number => (typeof m[k] === "number" ? (m[k] as number) : 0);
const n = field;

const RES_WORDS = ["fish", "goods", "licence", "penguin", "captain", "point card"];

/** columnName is "column 2 (Tourist Center)". */
export function columnName(p: NekoPlayer | undefined, col: number): string {
  const c = p?.columns[col];
  const kind = c ? (c.kind === "FB" ? `Fishing Boat ${CARDS[c.first]?.id ?? ""}`.trim() : cardName(c.first)) : "";
  return `column ${col + 1}${kind ? ` (${kind})` : ""}`;
}

function shipWords(p: NekoPlayer | undefined, ship: number): string {
  if (ship === GHOST) return "the ghost ship";
  const s = p?.ships[ship];
  return s ? `your level ${s.level} ship` : "a ship";
}

/**
 * shipFrom says where a ship is, after a space: "on column 3", "at Penguin
 * Island", or with from, "from the harbour"; and which one it is when
 * another ship of that level there is not its twin ("the one placed higher").
 */
function shipFrom(v: NekoView, p: NekoPlayer | undefined, ship: number, from: boolean): string {
  const s = p?.ships[ship];
  if (!p || !s) return "";
  let where = shipPlace(v, p, s);
  if (from) where = where.replace(/^(in|on|at) /, "from ");
  const other = p.ships.find(
    (x) => x.index !== ship && x.index !== GHOST && x.loc === s.loc && x.level === s.level && twinShip(p, x.index) !== twinShip(p, ship),
  );
  if (other)
    where +=
      other.place !== s.place ? `, the one placed ${s.place > other.place ? "higher" : "lower"}` : `, the one ${s.rewarded ? "already" : "not yet"} rewarded`;
  return ` ${where}`;
}

/** licencePrice is the coins a licence costs this player: 2 with the discount Research Station in a column, else 3. */
export function licencePrice(p: NekoPlayer | undefined): number {
  const discount = p?.columns.some((c) => c.actions.some((k) => CARDS[k]?.effect === "rs_licence_discount")) ?? false;
  return discount ? 2 : 3;
}

/** moveLabel words a legal move for its button, with its price. */
export function moveLabel(m: Move, v: NekoView, me: number): string {
  const p = v.players[me];
  switch (m.type) {
    case "draft": {
      const set = v.rows[n(m, "row")]?.find((s) => !s.taken && s.cards.length === n(m, "size"));
      const names = set ? set.cards.map(cardName).join(", ") : "";
      return `Take the set of ${n(m, "size")} from row ${n(m, "row") + 1}${names ? `: ${names}` : ""}`;
    }
    case "pick":
      return `Take ${cardName(n(m, "card"))} ${CARDS[n(m, "card")]?.id ?? ""}`.trim();
    case "play": {
      const c = CARDS[n(m, "card")];
      if (c?.kind === "FB") return `Place ${cardName(n(m, "card"))} ${c.id} as a new column`;
      return `Play ${cardName(n(m, "card"))} ${c?.id ?? ""} to its column`;
    }
    case "deactivate":
      return `Tuck ${cardName(n(m, "card"))} ${CARDS[n(m, "card")]?.id ?? ""} under ${columnName(p, n(m, "col"))} as a hub: +2 fish`;
    case "boat":
      return `Take ${cardName(n(m, "card"))} ${CARDS[n(m, "card")]?.id ?? ""}`;
    case "keep":
      return "Keep the card in its column";
    case "tuck":
      return `Tuck it under ${columnName(p, n(m, "col"))} as a hub`;
    case "next":
      if (v.stage === "window" && p && v.window < p.columns.length) return `Done with ${columnName(p, v.window)}`;
      return v.lastWindow ? "Finish my last window" : "End my turn";
    case "captain":
      return `Captain on ${columnName(p, n(m, "col"))}: hub +2`;
    case "harbour": {
      const lv = (p?.harbour ?? 1) + 1;
      return `Upgrade the harbour to level ${lv} (${harbourCost(lv) ?? "?"} licences)`;
    }
    case "upgrade": {
      const s = p?.ships[n(m, "ship")];
      const d = n(m, "level") - (s?.level ?? 0);
      return `Upgrade ${shipWords(p, n(m, "ship"))}${shipFrom(v, p, n(m, "ship"), false)} to level ${n(m, "level")} (${d} licence${d === 1 ? "" : "s"})`;
    }
    case "buyship":
      return `Buy a level ${n(m, "level")} ship (${2 * n(m, "level")} coins)`;
    case "buylicence":
      return `Buy a licence (${licencePrice(p)} coins)`;
    case "move": {
      const s = p?.ships[n(m, "ship")];
      const to = (s?.loc ?? 0) + 1;
      const fuel = n(m, "ship") === GHOST ? 2 : 1;
      return `Move ${shipWords(p, n(m, "ship"))}${shipFrom(v, p, n(m, "ship"), true)} to ${columnName(p, to - 1)} (${fuel} fuel)`;
    }
    case "sail":
      return `Sail ${shipWords(p, n(m, "ship"))}${shipFrom(v, p, n(m, "ship"), true)} to ${v.attractions[n(m, "to")]?.name ?? "an attraction"} (1 fuel)`;
    case "bonus":
      return n(m, "option") === 0 ? "Research Station bonus: +2 coins" : "Research Station bonus: +1 fuel";
    case "flip":
      return n(m, "res") === 0 ? "Flip 1 fish into goods" : "Flip 1 licence into a penguin";
    case "choose":
      return choiceText(v.choice?.name ?? "", n(m, "option"), v.choice?.card ?? 0);
    case "discard":
      return `Discard 1 ${RES_WORDS[n(m, "res")] ?? "card"}`;
  }
  return m.type;
}

/** The groups of a window's free actions, in the order the turn panel shows them. */
export const MOVE_GROUPS: { title: string; types: string[] }[] = [
  { title: "Choose", types: ["choose"] },
  { title: "Move ships", types: ["move", "sail"] },
  { title: "Licences: harbour and ships", types: ["harbour", "upgrade"] },
  { title: "Coins: buy", types: ["buyship", "buylicence"] },
  { title: "Captains", types: ["captain"] },
  { title: "Research Station", types: ["bonus", "flip"] },
  { title: "After the Immediate card", types: ["keep", "tuck"] },
  { title: "Discard down to your limit", types: ["discard"] },
  { title: "Take a fishing boat", types: ["boat"] },
];

export interface MoveGroup {
  title: string;
  moves: Move[];
}

/** groupMoves sorts legal moves into the panel's groups; "next" is left out (it has its own button). */
export function groupMoves(legal: Move[]): MoveGroup[] {
  return MOVE_GROUPS.map((g) => ({ title: g.title, moves: legal.filter((m) => g.types.includes(m.type)) })).filter((g) => g.moves.length > 0);
}

/** CARD_MOVES are the move types that name a card. */
const CARD_MOVES = ["play", "deactivate", "pick", "boat"];

/** movesForCard lists the legal moves that use a card from the hand (play, deactivate, pick, boat). */
export const movesForCard = (legal: Move[], card: number): Move[] => legal.filter((m) => CARD_MOVES.includes(m.type) && field(m, "card") === card);

/** draftMove is the legal move that takes row's set of size cards, if there is one. */
export const draftMove = (legal: Move[], row: number, size: number): Move | undefined =>
  legal.find((m) => m.type === "draft" && field(m, "row") === row && field(m, "size") === size);

/** The move types that name one of the mover's ships (ship 0 is left out of the JSON). */
const SHIP_MOVES = ["move", "sail", "upgrade"];

/**
 * twinShip is the first of the player's ships that is the same as ship in
 * all that counts: place, level, its attraction reward and place there.
 * Moving or upgrading either of two such ships is one choice.
 */
export function twinShip(p: NekoPlayer | undefined, ship: number): number {
  const s = p?.ships[ship];
  if (!s || ship === GHOST) return ship;
  return p!.ships.find((x) => x.index !== GHOST && x.loc === s.loc && x.level === s.level && x.rewarded === s.rewarded && x.place === s.place)?.index ?? ship;
}

/** distinctMoves keeps the first of each set of moves that differ only in which of two twin ships they use. */
export function distinctMoves(legal: Move[], v: NekoView, me: number): Move[] {
  const p = v.players[me];
  const seen = new Set<string>();
  return legal.filter((m) => {
    const k = SHIP_MOVES.includes(m.type) ? moveKey({ ...m, ship: twinShip(p, field(m, "ship")) }) : moveKey(m);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** moveKey identifies a move for keys and test ids. */
export const moveKey = (m: Move): string =>
  [
    m.type,
    ...["card", "row", "size", "col", "ship", "level", "to", "option", "res"].filter((k) => typeof m[k] === "number").map((k) => `${k}${m[k] as number}`),
  ].join("-");
