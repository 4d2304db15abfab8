// The pure parts of a replay: where it starts, how a step moves, and how a
// position becomes the table data a game's screens already know how to show.

import type { GameEvent, Lobby, LobbySeat, Position, Seat } from "./protocol";
import { eventText, t } from "./i18n/i18n";
import { emptyTable, type TableData } from "./state";

/** startAt reads ?at=N from a location's search string; a missing or bad value is the end (total unknown: -1). */
export function startAt(search: string): number {
  const raw = new URLSearchParams(search).get("at");
  if (raw === null || !/^\d+$/.test(raw)) return -1;
  return Number(raw);
}

/** clampAt keeps a move number within a game of total moves. */
export function clampAt(at: number, total: number): number {
  return Math.max(0, Math.min(total, Math.trunc(at)));
}

/** speeds are the moves a second autoplay offers. */
export const SPEEDS = [0.5, 1, 2, 4] as const;

/** LogLine is one move of the game's log, as the replay lists it. */
export interface LogLine {
  /** the position after this move */
  at: number;
  text: string;
  events: GameEvent[];
  /** the move was taken back by the move after it: the game went on as if it had not been made */
  undone: boolean;
}

/**
 * logLines turns a finished game's log (GET /api/tables/{id}/log) into one
 * line per move. A take-back (an "undo" event) undoes the move just before
 * it: nobody may act between a move and its take-back.
 */
export function logLines(moves: { events: GameEvent[] }[]): LogLine[] {
  const takesBack = (i: number) => moves[i]?.events.some((e) => e.type === "undo") ?? false;
  return moves.map((m, i) => ({
    at: i + 1,
    text: m.events.map(eventText).filter(Boolean).join(" ") || t("table.aMove"),
    events: m.events,
    undone: takesBack(i + 1) && !takesBack(i),
  }));
}

/**
 * positionData is the table data a game's screens show for one position:
 * the game as the viewer (the public, or a seat whose hand is shown) saw it
 * then, with no legal moves, so no screen offers anything to do.
 */
export function positionData(lobby: Lobby, pos: Position, viewer: Seat, log: LogLine[]): TableData {
  const view = viewer >= 0 && pos.seats ? (pos.seats[viewer] ?? pos.view) : pos.view;
  const seats: LobbySeat[] = lobby.seats.map((s) => ({ ...s, you: s.index === viewer }));
  const seen = log.filter((l) => l.at <= pos.at);
  const events = seen.flatMap((l) => l.events);
  return {
    ...emptyTable(),
    version: pos.at,
    lobby: { ...lobby, seats, you: viewer, status: pos.result.over ? "finished" : "playing" },
    game: { view, legal: [], actors: pos.actors, seat: viewer, result: pos.result, events: pos.events, deadline: 0, undo: false },
    log: seen.length > 0 ? events : pos.events,
    logVersions: seen.length > 0 ? seen.flatMap((l) => l.events.map(() => l.at)) : pos.events.map(() => pos.at),
  };
}

/** fileLobby is the lobby a game file's replay shows: its players in their seats. */
export function fileLobby(doc: unknown, gameName: string): Lobby | null {
  if (typeof doc !== "object" || doc === null) return null;
  const d = doc as { game?: unknown; config?: { players?: unknown } };
  if (typeof d.game !== "string" || !Array.isArray(d.config?.players)) return null;
  const colors = ["red", "blue", "green", "yellow", "purple", "orange"];
  const seats: LobbySeat[] = (d.config!.players as { name?: unknown; bot?: unknown }[]).map((p, i) => ({
    index: i,
    kind: p.bot === true ? "bot" : "human",
    player: "",
    away: false,
    name: typeof p.name === "string" ? p.name : t("lobby.seatN", { n: i + 1 }),
    color: colors[i % colors.length]!,
    ready: true,
    connected: false,
    host: false,
    you: false,
    handed: false,
    handedBy: "",
    standIn: 0,
    held: false,
    level: p.bot === true ? "normal" : "",
  }));
  return {
    id: "",
    game: d.game,
    gameName,
    status: "finished",
    code: "",
    tvCode: "",
    invite: "",
    seats,
    options: {},
    turnSeconds: 0,
    pace: { mode: "live" },
    deadline: 0,
    you: -1,
    host: false,
    hostId: "",
    maxSeats: seats.length,
    minSeats: seats.length,
    undo: false,
    hideHands: false,
    forkAt: 0,
    hints: false,
    members: [],
    hostName: "",
    hostLang: "",
    awaySeconds: 0,
    chatOff: true,
    waiting: [],
    next: "",
    nextTV: "",
  };
}
