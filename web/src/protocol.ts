// The wire protocol between the browser and the harbor server (docs/protocol.md):
// every WebSocket message is an envelope {t, v, d}. This module decodes what the
// server sends into the client's own types and encodes what the client sends.
// It is the one place that knows the server's field names, so a change on the
// wire is aligned here and nowhere else (patches of states: patch.ts).

import { isMsg, type Msg } from "./i18n/i18n";
import type { RawEnvelope } from "./patch";
import { asText, bool, isObj, num, obj, pick } from "./decode";

/** A seat number; -1 is the public viewer (TV, spectators). */
export type Seat = number;
export const PUBLIC: Seat = -1;

export interface Envelope {
  t: string;
  v: number;
  d: unknown;
}

export interface ProtocolError {
  code: string;
  /** The refusal in English, as the server wrote it. */
  message: string;
  rule?: string;
  /** The same refusal as a message, worded in the reader's language; absent, the code's meaning is said. */
  msg?: Msg;
}

export type SeatKind = "human" | "bot" | "empty";

export interface LobbySeat {
  index: Seat;
  kind: SeatKind;
  /** the public id of the person sitting here ("" for bots and empty seats) */
  player: string;
  /** a computer player stands in while the person is away (turn timer, lost connection) */
  away: boolean;
  /** a computer player has this seat until it is given back: the host or the person handed it over */
  handed: boolean;
  /** the public id of who handed the seat over ("" unless handed) */
  handedBy: string;
  /** while the person's page has lost its connection during play: when (Unix ms) a computer player stands in for them; 0 otherwise */
  standIn: number;
  /** at your own pace: a computer player took the person's last turns, so the table waits for them, no clock running, until they move */
  held: boolean;
  /** a computer player's level: easy, normal or hard ("" for people and empty seats) */
  level: string;
  name: string;
  color: string;
  ready: boolean;
  connected: boolean;
  host: boolean;
  you: boolean;
}

export type TableStatus = "lobby" | "playing" | "finished";

export interface Lobby {
  id: string;
  game: string;
  gameName: string;
  status: TableStatus;
  code: string;
  tvCode: string;
  /** the long invite token, when the server shares it with this client */
  invite: string;
  seats: LobbySeat[];
  options: Record<string, unknown>;
  /** the turn timer in seconds; 0 is off */
  turnSeconds: number;
  /** live, or at your own pace with a limit for each turn (docs/api.md, "A table's pace") */
  pace: Pace;
  /** during play, when the earliest running turn limit or timer ends (Unix ms); 0 when none runs */
  deadline: number;
  /** "what would the computer do?" is on at this table */
  hints: boolean;
  /** The seat this client holds, or -1. */
  you: Seat;
  /** Whether this client is the host. */
  host: boolean;
  /** the public id of the host */
  hostId: string;
  maxSeats: number;
  minSeats: number;
  /** people may take back their own last move when it revealed nothing */
  undo: boolean;
  /** the finished game's replay keeps every hand hidden */
  hideHands: boolean;
  /** for a table that plays on from a moment of another game: that game's moves it starts after (0 otherwise) */
  forkAt: number;
  /** everyone at the table, seated or watching */
  members: LobbyMember[];
  hostName: string;
  /** the language the host reads Harbor in ("" when unknown): the TV speaks it */
  hostLang: string;
  /** seconds the game waits on a disconnected person before a computer player stands in; 0 never */
  awaySeconds: number;
  chatOff: boolean;
  /** the seats the game waits on, during play */
  waiting: Seat[];
  /** the table "play again" opened, and its TV code, once it has */
  next: string;
  nextTV: string;
}

/** Pace is how a table plays: live, or at your own pace. */
export interface Pace {
  mode: "live" | "own";
  /** seconds each turn has at your own pace */
  limit?: number;
  /** what happens when a turn's limit runs out */
  rule?: "computer" | "skip";
}

/** PACE_LIMITS are the turn limits a host may choose at your own pace, in seconds (lobby.ts's limitWords says them). */
export const PACE_LIMITS: { seconds: number }[] = [{ seconds: 3600 }, { seconds: 12 * 3600 }, { seconds: 24 * 3600 }, { seconds: 3 * 24 * 3600 }];

function decodePace(d: unknown): Pace {
  const o = obj(d);
  if (o.mode !== "own") return { mode: "live" };
  return { mode: "own", limit: num(o.limit), rule: o.rule === "skip" ? "skip" : "computer" };
}

export interface LobbyMember {
  id: string;
  name: string;
  /** -1: watching */
  seat: Seat;
  online: boolean;
}

/** One chat message or reaction. */
export interface ChatLine {
  n: number;
  player: string;
  name: string;
  seat: Seat;
  text: string;
  emoji: string;
  at: number;
}

/**
 * A part of the game's log: the events of each move (v is the version after
 * it, 0 the setup) of the versions from through to; a version whose move told
 * this viewer nothing has no entry.
 */
export interface LogPage {
  entries: { v: number; events: GameEvent[] }[];
  from: number;
  to: number;
  /** it reaches back to the start of the game (from is 0) */
  complete: boolean;
}

export interface GameResult {
  over: boolean;
  winners: Seat[];
  places: number[];
  scores: number[];
  reason: string;
  turns: number;
}

export interface GameEvent {
  type: string;
  seat: Seat;
  /** the line in English, for a line the server sends without a message (eventText words either) */
  text: string;
  /** the line as a message id and values, worded in the reader's language by eventText */
  msg?: Msg;
  data?: unknown;
}

/** A move is a plain object with a `type` field, e.g. {type: "roll"}. */
export type Move = { type: string } & Record<string, unknown>;

export interface GameState<V = unknown> {
  view: V;
  legal: Move[];
  actors: Seat[];
  seat: Seat;
  result: GameResult;
  events: GameEvent[];
  /** when this viewer's turn timer runs out (Unix ms), 0 when none runs */
  deadline: number;
  /** when the earliest turn limit or timer of the seats the game waits on runs out (Unix ms), for every viewer; 0 or absent when none runs */
  turnDue?: number;
  /** this viewer may take back their last move now */
  undo: boolean;
}

/** A finished game after some of its moves, for its replay. */
export interface Position {
  at: number;
  total: number;
  view: unknown;
  /** every seat's own view, when the hands are shown */
  seats: unknown[] | null;
  actors: Seat[];
  events: GameEvent[];
  result: GameResult;
}

export type ServerMessage =
  | { t: "lobby"; v: number; d: Lobby }
  | { t: "state"; v: number; d: GameState }
  | { t: "error"; v: number; d: ProtocolError }
  | { t: "log"; v: number; d: LogPage }
  | { t: "chat"; v: number; d: { lines: ChatLine[]; all: boolean } }
  | { t: "pong"; v: number; d: Record<string, never> }
  | { t: "hint"; v: number; d: Hint }
  | { t: "note"; v: number; d: GameEvent };

/** A hint: the move the game's computer player would make for this seat, and why when it can say. */
export interface Hint {
  move: Move;
  /** why, as a message the page words in its reader's language, when the computer player can say */
  reason?: Msg;
}

/**
 * seatList reads a set of seats as the server sends it: a bit set (the Go
 * SeatSet, seat n is bit n) or an array of seat numbers.
 */
export function seatList(x: unknown): Seat[] {
  if (Array.isArray(x)) return x.filter((s): s is number => typeof s === "number" && s >= 0);
  if (typeof x === "number" && x > 0) {
    const out: Seat[] = [];
    for (let s = 0; s < 53 && 2 ** s <= x; s++) if (Math.floor(x / 2 ** s) % 2 === 1) out.push(s);
    return out;
  }
  return [];
}

export function decodeError(d: unknown): ProtocolError {
  const o = isObj(d) ? (isObj(d.error) ? d.error : d) : {};
  const e: ProtocolError = { code: asText(o.code, "error"), message: asText(o.message, "Something went wrong.") };
  if (typeof o.rule === "string" && o.rule) e.rule = o.rule;
  if (isMsg(o.msg)) e.msg = o.msg;
  return e;
}

export function decodeResult(d: unknown): GameResult {
  const o = obj(d);
  return {
    over: bool(o.over),
    winners: seatList(o.winners),
    places: Array.isArray(o.places) ? o.places.map((p) => num(p)) : [],
    scores: Array.isArray(o.scores) ? o.scores.map((p) => num(p)) : [],
    reason: asText(o.reason),
    turns: num(o.turns),
  };
}

/**
 * decodeEvent reads an event in its short form, the array [type, seat, msg, data?] with its text, a
 * string, in place of a message it has none (docs/protocol.md, "Events: messages, not sentences"), or
 * its long one ({type, seat, msg, data, text}); game is the table's game, the namespace of the ids sent
 * from their dot. names are a state's seat names, whose events leave out a "who" that names the event's
 * own seat (withOwnName).
 */
export function decodeEvent(d: unknown, game = "", names?: readonly string[]): GameEvent {
  if (Array.isArray(d)) {
    const [type, seat, line, data] = d as unknown[];
    const e: GameEvent = { type: asText(type), seat: num(seat, PUBLIC), text: typeof line === "string" ? line : "" };
    const msg = decodeMsg(line, game);
    if (msg) e.msg = withOwnName(msg, names?.[e.seat]);
    if (d.length > 3) e.data = data;
    return e;
  }
  const o = obj(d);
  const e: GameEvent = { type: asText(o.type), seat: num(o.seat, PUBLIC), text: asText(o.text) };
  const msg = decodeMsg(o.msg, game);
  if (msg) e.msg = msg;
  if (o.data !== undefined) e.data = o.data;
  return e;
}

/**
 * withOwnName reads back a message of a state's event of a seat whose name is name: one without a "who"
 * names the seat, and one whose "who" is empty has none (docs/protocol.md).
 */
function withOwnName(m: Msg, name: string | undefined): Msg {
  if (!name) return m;
  if (!m.v || !("who" in m.v)) {
    m.v = { ...m.v, who: name };
  } else if (m.v.who === "") {
    const { who: _, ...rest } = m.v;
    if (Object.keys(rest).length > 0) m.v = rest;
    else delete m.v;
  }
  return m;
}

/**
 * decodeMsg reads a message, in its long form ({id, v}) or its short one (its id
 * under "@" beside its values), into the long form, the messages inside it too;
 * an id sent from its dot (".rolled") is of game ("holdings.rolled"). Anything
 * else is no message.
 */
export function decodeMsg(d: unknown, game = ""): Msg | undefined {
  if (!isObj(d)) return undefined;
  let id: unknown;
  let values: Record<string, unknown> | undefined;
  const short = typeof d["@"] === "string";
  if (short) {
    id = d["@"];
    const { "@": _, ...rest } = d;
    values = rest;
  } else {
    id = d.id;
    values = isObj(d.v) ? d.v : undefined;
  }
  if (typeof id !== "string" || id === "" || id === ".") return undefined;
  const m: Msg = { id: id.startsWith(".") ? game + id : id };
  if (values && Object.keys(values).length > 0) {
    const v: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(values)) v[k] = decodeValue(x, game, short);
    m.v = v;
  }
  return m;
}

/**
 * decodeValue reads one value of a message: its messages, and those of a list, into the long form; in
 * the short form a string from a dot is a word of game (".amount.brick#2", a counted word, is the
 * word with the value n: 2), and a backslash before a name is dropped.
 */
function decodeValue(x: unknown, game: string, short: boolean): unknown {
  if (Array.isArray(x)) return x.map((it) => decodeValue(it, game, short));
  if (short && typeof x === "string") return x.startsWith(".") ? shortWord(x, game) : x.startsWith("\\") ? x.slice(1) : x;
  return isObj(x) ? (decodeMsg(x, game) ?? x) : x;
}

/** shortWord reads a word of game written from its dot, and a counted word's n after its "#". */
function shortWord(x: string, game: string): Msg {
  const mark = x.lastIndexOf("#");
  const n = mark > 0 ? x.slice(mark + 1) : "";
  if (/^-?\d+$/.test(n)) return { id: game + x.slice(0, mark), v: { n: Number(n) } };
  return { id: game + x };
}

export function decodeMove(d: unknown): Move | null {
  if (!isObj(d) || typeof d.type !== "string") return null;
  return d as Move;
}

export function decodeState(d: unknown, game = ""): GameState {
  const o = obj(d);
  const names = Array.isArray(o.names) ? o.names.map((n) => asText(n)) : undefined;
  return {
    view: o.view ?? null,
    legal: Array.isArray(o.legal) ? o.legal.map(decodeMove).filter((m): m is Move => m !== null) : [],
    actors: seatList(o.actors),
    seat: num(o.seat, PUBLIC),
    result: decodeResult(o.result),
    events: Array.isArray(o.events) ? o.events.map((e) => decodeEvent(e, game, names)) : [],
    deadline: num(o.deadline),
    turnDue: num(o.turnDue),
    undo: bool(o.undo),
  };
}

export function decodePosition(d: unknown, game = ""): Position {
  const o = obj(d);
  return {
    at: num(o.at),
    total: num(o.total),
    view: o.view ?? null,
    seats: Array.isArray(o.seats) ? o.seats : null,
    actors: seatList(o.actors),
    events: Array.isArray(o.events) ? o.events.map((e) => decodeEvent(e, game)) : [],
    result: decodeResult(o.result),
  };
}

function decodeKind(o: Record<string, unknown>): SeatKind {
  const k = asText(pick(o, "kind", "type"));
  if (k === "bot" || k === "computer" || bool(o.bot)) return "bot";
  if (k === "" || k === "empty" || k === "open" || k === "free") return k === "" && asText(o.name) !== "" ? "human" : "empty";
  if (k === "human" || k === "player") return "human";
  return asText(o.name) === "" && !bool(o.occupied) ? "empty" : "human";
}

function decodeSeat(d: unknown, i: number, me: string, youSeat: Seat, hostId: string): LobbySeat {
  const o = obj(d);
  const index = num(pick(o, "seat", "index"), i);
  const kind = decodeKind(o);
  const player = asText(o.player);
  return {
    index,
    kind,
    player,
    away: bool(o.away),
    handed: bool(o.handed),
    handedBy: asText(o.handedBy),
    standIn: num(o.standIn),
    held: bool(o.held),
    level: kind === "bot" ? asText(o.level, "normal") : "",
    name: asText(o.name),
    color: asText(pick(o, "color", "colour"), ""),
    ready: kind === "bot" || bool(o.ready),
    connected: kind === "bot" || bool(pick(o, "online", "connected")),
    host: bool(o.host) || (player !== "" && player === hostId),
    you: bool(o.you) || (kind === "human" && ((me !== "" && player === me) || index === youSeat)),
  };
}

function decodeStatus(x: unknown): TableStatus {
  const s = asText(x);
  if (s === "playing" || s === "started" || s === "running") return "playing";
  if (s === "finished" || s === "over" || s === "ended") return "finished";
  return "lobby";
}

/**
 * decodeLobby reads the server's lobby view. me is this client's public id
 * (from /api/session): the lobby names people by public id, so it is how a
 * client finds its own seat and whether it is the host.
 */
export function decodeLobby(d: unknown, me = ""): Lobby {
  const o = obj(d);
  const hostId = typeof o.host === "string" ? o.host : "";
  const youSeat = num(pick(o, "you", "yourSeat"), PUBLIC);
  const seats = Array.isArray(o.seats) ? o.seats.map((s, i) => decodeSeat(s, i, me, youSeat, hostId)) : [];
  const you = seats.find((s) => s.you)?.index ?? PUBLIC;
  return {
    id: asText(o.id),
    game: asText(o.game),
    gameName: asText(o.gameName),
    status: decodeStatus(o.status),
    code: asText(o.code),
    tvCode: asText(pick(o, "tv", "tvCode")),
    invite: asText(o.invite),
    seats,
    options: obj(o.options),
    turnSeconds: num(o.turnSeconds),
    pace: decodePace(o.pace),
    deadline: num(o.deadline),
    hints: bool(o.hints),
    you,
    host: bool(o.isHost) || (me !== "" && hostId === me),
    hostId,
    maxSeats: num(pick(o, "maxSeats", "maxPlayers"), seats.length),
    minSeats: num(pick(o, "minSeats", "minPlayers"), 1),
    undo: bool(o.undo),
    hideHands: bool(o.hideHands),
    forkAt: num(o.forkAt),
    members: Array.isArray(o.members)
      ? o.members.filter(isObj).map((m) => ({ id: asText(m.id), name: asText(m.name), seat: num(m.seat, PUBLIC), online: bool(m.online) }))
      : [],
    hostName: asText(o.hostName),
    hostLang: asText(o.hostLang),
    awaySeconds: num(o.awaySeconds),
    chatOff: bool(o.chatOff),
    waiting: seatList(o.waiting),
    next: asText(o.next),
    nextTV: asText(o.nextTV),
  };
}

function decodeChatLine(d: unknown): ChatLine {
  const o = obj(d);
  const at = Date.parse(asText(o.at));
  return {
    n: num(o.n),
    player: asText(o.player),
    name: asText(o.name),
    seat: num(o.seat, PUBLIC),
    text: asText(o.text),
    emoji: asText(o.emoji),
    at: Number.isFinite(at) ? at : 0,
  };
}

/** decodeLogMoves reads the moves of a table's log (GET /api/tables/{id}/log): each one's events, of a game of game. */
export function decodeLogMoves(d: unknown, game: string): { events: GameEvent[] }[] {
  if (!Array.isArray(d)) return [];
  return d.map((m) => ({ events: isObj(m) && Array.isArray(m.events) ? m.events.map((e) => decodeEvent(e, game)) : [] }));
}

export function decodeLogPage(d: unknown, game = ""): LogPage {
  const o = obj(d);
  const entries = Array.isArray(o.entries)
    ? o.entries.filter(isObj).map((e) => ({ v: num(e.v), events: Array.isArray(e.events) ? e.events.map((x) => decodeEvent(x, game)) : [] }))
    : [];
  const complete = bool(o.complete);
  const from = num(o.from, complete ? 0 : (entries[0]?.v ?? 0));
  return { entries, from, to: num(o.to, entries[entries.length - 1]?.v ?? from), complete };
}

/** decode parses one text frame from the server; null if it is not an envelope. game is the table's game (decodeEvent). */
export function decode(text: string, me = "", game = ""): ServerMessage | null {
  const raw = parseEnvelope(text);
  return raw ? decodeEnvelope(raw, me, game) : null;
}

/** parseEnvelope parses one text frame from the server as it is; null if it is not an envelope. */
export function parseEnvelope(text: string): RawEnvelope | null {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isObj(raw) || typeof raw.t !== "string") return null;
  const env: RawEnvelope = { t: raw.t, v: num(raw.v), d: raw.d };
  if (typeof raw.f === "number") env.f = raw.f;
  return env;
}

/**
 * TableFrames reads one table's envelopes in the order they came: it learns
 * the table's game from the lobby frame that comes before any state, so the
 * events of later states get their game's ids back (decodeEvent).
 */
export class TableFrames {
  /** the table's game, from its last lobby frame ("" before one came) */
  game = "";

  decode(raw: RawEnvelope, me = ""): ServerMessage | null {
    const m = decodeEnvelope(raw, me, this.game);
    if (m?.t === "lobby") this.game = m.d.game;
    return m;
  }
}

/**
 * decodeEnvelope reads an envelope into the client's own types; null for a type it does not know (a patch
 * is made a state first: StateChain). game is the table's game, whose ids events send from their dot
 * (decodeEvent); a lobby frame names it.
 */
export function decodeEnvelope(raw: RawEnvelope, me = "", game = ""): ServerMessage | null {
  const v = raw.v;
  switch (raw.t) {
    case "lobby":
      return { t: "lobby", v, d: decodeLobby(raw.d, me) };
    case "state":
      return { t: "state", v, d: decodeState(raw.d, game) };
    case "error":
      return { t: "error", v, d: decodeError(raw.d) };
    case "pong":
      return { t: "pong", v, d: {} };
    case "hint": {
      const o = obj(raw.d);
      const move = decodeMove(o.move);
      if (!move) return null;
      const reason = decodeMsg(o.reason);
      return { t: "hint", v, d: reason ? { move, reason } : { move } };
    }
    case "note":
      return { t: "note", v, d: decodeEvent(raw.d, game) };
    case "log":
      return { t: "log", v, d: decodeLogPage(raw.d, game) };
    case "chat": {
      const o = obj(raw.d);
      return { t: "chat", v, d: { lines: Array.isArray(o.lines) ? o.lines.map(decodeChatLine) : [], all: bool(o.all) } };
    }
  }
  return null;
}

export function encodeMove(move: Move, version: number): string {
  return JSON.stringify({ t: "move", v: version, d: move });
}

/** encodeBack tells the table this person is back, so the computer player standing in for them stops. */
export function encodeBack(version: number): string {
  return JSON.stringify({ t: "back", v: version, d: {} });
}

/** encodeUndo takes back this seat's last move, made at version. */
export function encodeUndo(version: number): string {
  return JSON.stringify({ t: "undo", v: version, d: {} });
}

/** encodeHint asks what the game's computer player would do for this seat now. */
export function encodeHint(version: number): string {
  return JSON.stringify({ t: "hint", v: version, d: {} });
}

/** encodeChat sends a chat message (text) or a reaction (emoji). */
export function encodeChat(version: number, said: { text: string } | { emoji: string }): string {
  return JSON.stringify({ t: "chat", v: version, d: said });
}

/** encodeEarlierLog asks for the part of the log before version before. */
export function encodeEarlierLog(version: number, before: number): string {
  return JSON.stringify({ t: "log", v: version, d: { before } });
}

/** encodeStateRequest asks for this connection's whole state (a patch did not follow on from the one it holds). */
export function encodeStateRequest(version: number): string {
  return JSON.stringify({ t: "state", v: version, d: {} });
}

export function encodePing(version: number): string {
  return JSON.stringify({ t: "ping", v: version, d: {} });
}

/** sameMove reports whether two moves are equal field by field (order-free). */
export function sameMove(a: Move, b: Move): boolean {
  return canonical(a) === canonical(b);
}

function canonical(x: unknown): string {
  if (Array.isArray(x)) return `[${x.map(canonical).join(",")}]`;
  if (isObj(x)) {
    return `{${Object.keys(x)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(x[k])}`)
      .join(",")}}`;
  }
  return JSON.stringify(x) ?? "null";
}
