// The home page's list of the person's tables: the server's list (the same
// on every linked device) with the tables this browser remembers merged in,
// their turn first, and the words for the time left and the moves since
// they last looked. Pure functions, so tests run them without a page.

import type { MyTable } from "./api";
import { duration } from "./deadline";
import { formatList, t } from "./i18n/i18n";
import type { Lobby } from "./protocol";

/** fromLobby makes a list row of a remembered table from its lobby (nothing known of the moves since). */
export function fromLobby(l: Lobby): MyTable {
  const waiting = l.status === "playing" ? l.waiting.map((i) => l.seats[i]).filter((s) => s !== undefined) : [];
  return {
    id: l.id,
    game: l.game,
    gameName: l.gameName || l.game,
    status: l.status === "playing" || l.status === "finished" ? l.status : "lobby",
    seat: l.you,
    players: l.seats.filter((s) => s.kind !== "empty").map((s) => s.name),
    turn: waiting.map((s) => s.name),
    yourTurn: waiting.some((s) => s.you),
    deadline: null,
    active: 0,
    movesSince: 0,
    lines: [],
  };
}

function rank(t: MyTable): number {
  if (t.yourTurn) return 0;
  if (t.status === "playing") return 1;
  if (t.status === "lobby") return 2;
  return 3;
}

/**
 * orderTables puts the person's turn first (the nearest deadline first),
 * then the other running games, the lobbies and the finished games; within
 * each, the order given is kept (the server's: the latest active first).
 */
export function orderTables(ts: readonly MyTable[]): MyTable[] {
  return ts
    .map((t, i) => ({ t, i }))
    .sort((a, b) => {
      const r = rank(a.t) - rank(b.t);
      if (r !== 0) return r;
      if (a.t.yourTurn && a.t.deadline !== b.t.deadline) {
        if (a.t.deadline === null) return 1;
        if (b.t.deadline === null) return -1;
        return a.t.deadline - b.t.deadline;
      }
      return a.i - b.i;
    })
    .map((x) => x.t);
}

/** mergeTables adds the remembered tables the server's list does not hold, once each, and orders them all. */
export function mergeTables(server: readonly MyTable[], remembered: readonly MyTable[]): MyTable[] {
  const seen = new Set(server.map((t) => t.id));
  const extra = remembered.filter((t) => {
    if (seen.has(t.id)) return false;
    seen.add(t.id);
    return true;
  });
  return orderTables([...server, ...extra]);
}

/** timeLeft says how long until deadline, to the minute (the page changes once a minute): "2 h 10 min left", "3 days 4 h left". */
export function timeLeft(deadline: number, now: number): string {
  return deadline <= now ? t("home.noTimeLeft") : t("home.timeLeft", { time: duration(deadline - now, true) });
}

/** sinceWords: "3 moves since you looked", "" when there were none. */
export function sinceWords(n: number): string {
  return n > 0 ? t("home.movesSince", { n }) : "";
}

/** summary says in one line who plays and where the table is: "Ana, Bo · Bo's turn", "Ana, Computer 1 · your turn". */
export function summary(r: MyTable): string {
  const turn =
    r.status === "lobby"
      ? t("home.inLobby")
      : r.status === "finished"
        ? t("home.gameOver")
        : r.yourTurn
          ? t("home.yourTurnLower")
          : r.turn.length
            ? t("home.turnOf", { names: formatList(r.turn) })
            : t("home.playing");
  return t("home.summary", { players: r.players.join(", "), turn });
}
