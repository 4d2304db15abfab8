// Words for Neko Harbour moves: a label (with its price) for every button
// built from the legal moves the server sends, and the groups the turn panel
// shows them in. The prices are the printed ones (content.json and the
// rulebook's fixed prices); whether a move is possible is only ever the
// server's answer.

import type { Move } from "../../protocol";
import { type MessageId, t } from "../../i18n/i18n";
import { attractionName, cardName, choiceText, harbourCost, CARDS } from "./cards";
import { GHOST, LOC_ATTR, LOC_HARBOUR, shipPlace, type NekoPlayer, type NekoView } from "./view";

/** field reads a number field of a move; the server leaves a zero field out, so absent reads as 0 (card 0, row 0, column 0). */
export const field = (m: Move, k: string): number => (typeof m[k] === "number" ? (m[k] as number) : 0);
const n = field;

/** columnName is "column 2 (Tourist Center)". */
export function columnName(p: NekoPlayer | undefined, col: number): string {
  const c = p?.columns[col];
  const kind = c ? (c.kind === "FB" ? t("neko.boatColumn", { id: CARDS[c.first]?.id ?? "" }).trim() : cardName(c.first)) : "";
  return kind ? t("neko.columnOf", { n: col + 1, what: kind }) : t("neko.column", { n: col + 1 });
}

function shipWords(p: NekoPlayer | undefined, ship: number): string {
  if (ship === GHOST) return t("neko.ghostShip");
  const s = p?.ships[ship];
  return s ? t("neko.move.yourShip", { level: s.level }) : t("neko.move.aShip");
}

/**
 * shipFrom says where a ship is, after a space: "on column 3", "at Penguin
 * Island", or with from, "from the harbour"; and which one it is when
 * another ship of that level there is not its twin ("the one placed higher").
 */
function shipFrom(v: NekoView, p: NekoPlayer | undefined, ship: number, from: boolean): string {
  const s = p?.ships[ship];
  if (!p || !s) return "";
  let where = from ? shipFromPlace(v, p, s.loc) : shipPlace(v, p, s);
  const other = p.ships.find(
    (x) => x.index !== ship && x.index !== GHOST && x.loc === s.loc && x.level === s.level && twinShip(p, x.index) !== twinShip(p, ship),
  );
  if (other)
    where += t(
      other.place !== s.place
        ? s.place > other.place
          ? "neko.move.placedHigher"
          : "neko.move.placedLower"
        : s.rewarded
          ? "neko.move.rewarded"
          : "neko.move.notRewarded",
    );
  return ` ${where}`;
}

/** shipFromPlace says where a ship leaves from: "from the harbour", "from column 2". */
function shipFromPlace(v: NekoView, p: NekoPlayer, loc: number): string {
  if (loc === LOC_HARBOUR) return t("neko.from.harbour");
  if (loc >= LOC_ATTR) {
    const a = v.attractions[loc - LOC_ATTR];
    return a ? t("neko.from.attraction", { name: attractionName(a.id, a.name) }) : t("neko.from.anAttraction");
  }
  if (loc >= 1 && loc <= p.columns.length) return t("neko.from.column", { n: loc });
  return t("neko.from.supply");
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
      const take = t("neko.move.draft", { size: n(m, "size"), row: n(m, "row") + 1 });
      return names ? `${take}: ${names}` : take;
    }
    case "pick":
      return t("neko.move.take", { card: cardName(n(m, "card")), id: CARDS[n(m, "card")]?.id ?? "" }).trim();
    case "play": {
      const c = CARDS[n(m, "card")];
      if (c?.kind === "FB") return t("neko.move.placeBoat", { card: cardName(n(m, "card")), id: c.id });
      return t("neko.move.play", { card: cardName(n(m, "card")), id: c?.id ?? "" });
    }
    case "deactivate":
      return t("neko.move.deactivate", { card: cardName(n(m, "card")), id: CARDS[n(m, "card")]?.id ?? "", col: columnName(p, n(m, "col")) });
    case "boat":
      return t("neko.move.take", { card: cardName(n(m, "card")), id: CARDS[n(m, "card")]?.id ?? "" });
    case "keep":
      return t("neko.move.keep");
    case "tuck":
      return t("neko.move.tuck", { col: columnName(p, n(m, "col")) });
    case "next":
      if (v.stage === "window" && p && v.window < p.columns.length) return t("neko.move.doneWith", { col: columnName(p, v.window) });
      return t(v.lastWindow ? "neko.move.finishLast" : "neko.move.endTurn");
    case "captain":
      return t("neko.move.captain", { col: columnName(p, n(m, "col")) });
    case "harbour": {
      const lv = (p?.harbour ?? 1) + 1;
      const cost = harbourCost(lv);
      return cost === null ? t("neko.move.harbourTop", { level: lv }) : t("neko.move.harbour", { level: lv, n: cost });
    }
    case "upgrade": {
      const s = p?.ships[n(m, "ship")];
      const d = n(m, "level") - (s?.level ?? 0);
      return t("neko.move.upgrade", { ship: shipWords(p, n(m, "ship")), where: shipFrom(v, p, n(m, "ship"), false), level: n(m, "level"), n: d });
    }
    case "buyship":
      return t("neko.move.buyShip", { level: n(m, "level"), coins: 2 * n(m, "level") });
    case "buylicence":
      return t("neko.move.buyLicence", { coins: licencePrice(p) });
    case "move": {
      const s = p?.ships[n(m, "ship")];
      const to = (s?.loc ?? 0) + 1;
      const fuel = n(m, "ship") === GHOST ? 2 : 1;
      return t("neko.move.move", { ship: shipWords(p, n(m, "ship")), where: shipFrom(v, p, n(m, "ship"), true), col: columnName(p, to - 1), fuel });
    }
    case "sail": {
      const a = v.attractions[n(m, "to")];
      const place = a ? attractionName(a.id, a.name) : t("neko.move.anAttraction");
      return t("neko.move.sail", { ship: shipWords(p, n(m, "ship")), where: shipFrom(v, p, n(m, "ship"), true), place });
    }
    case "bonus":
      return t(n(m, "option") === 0 ? "neko.move.bonusCoins" : "neko.move.bonusFuel");
    case "flip":
      return t(n(m, "res") === 0 ? "neko.move.flipFish" : "neko.move.flipLicence");
    case "choose":
      return choiceText(v.choice?.name ?? "", n(m, "option"), v.choice?.card ?? 0);
    case "discard": {
      const r = ["fish", "goods", "licence", "penguin", "captain", "vp"][n(m, "res")];
      return r ? t("neko.move.discard", { what: t(`neko.count.${r}` as MessageId, { n: 1 }) }) : t("neko.move.discardCard");
    }
  }
  return m.type;
}

/** The groups of a window's free actions, in the order the turn panel shows them. */
export const MOVE_GROUPS: { key: string; types: string[] }[] = [
  { key: "choose", types: ["choose"] },
  { key: "ships", types: ["move", "sail"] },
  { key: "licences", types: ["harbour", "upgrade"] },
  { key: "coins", types: ["buyship", "buylicence"] },
  { key: "captains", types: ["captain"] },
  { key: "station", types: ["bonus", "flip"] },
  { key: "immediate", types: ["keep", "tuck"] },
  { key: "discard", types: ["discard"] },
  { key: "boat", types: ["boat"] },
];

export interface MoveGroup {
  title: string;
  moves: Move[];
}

/** groupMoves sorts legal moves into the panel's groups; "next" is left out (it has its own button). */
export function groupMoves(legal: Move[]): MoveGroup[] {
  return MOVE_GROUPS.map((g) => ({ title: t(`neko.group.${g.key}` as MessageId), moves: legal.filter((m) => g.types.includes(m.type)) })).filter(
    (g) => g.moves.length > 0,
  );
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
