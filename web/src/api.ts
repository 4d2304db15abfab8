// The HTTP lobby API (docs/api.md on the server side). Every path and field
// name of the lobby API lives here, so aligning with the server is a change
// to this file only.

import { decodeError, decodeLobby, decodePosition, type Lobby, type Pace, type Position, type ProtocolError } from "./protocol";
import { isObj, obj } from "./decode";
import { t as say } from "./i18n/i18n";

export interface GameOption {
  key: string;
  label: string;
  help?: string;
  kind: "bool" | "int" | "choice";
  default: unknown;
  min?: number;
  max?: number;
  choices?: { value: string; label: string }[];
  /** a bool option the game always turns on when one person plays */
  solo?: boolean;
}

export interface GameInfo {
  id: string;
  name: string;
  minPlayers: number;
  maxPlayers: number;
  minutes: string;
  summary: string;
  options: GameOption[];
  /** the computer player levels the game offers, easiest first */
  levels: string[];
}

export interface SessionInfo {
  player: string;
  /** where invite links and QR codes point: scheme://host[:port] */
  base: string;
  /** only this machine can open base: phones cannot join */
  loopbackOnly: boolean;
}

export interface InviteInfo {
  gameName: string;
  host: string;
  status: string;
}

/** ApiError is a refused request, with the server's stable code and a message for people. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: ProtocolError,
  ) {
    super(detail.message);
  }
}

/** call makes an API request and answers its JSON, or throws an ApiError. */
export async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      credentials: "same-origin",
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined ? null : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, { code: "offline", message: say("error.offline") });
  }
  const text = await res.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  if (!res.ok) throw new ApiError(res.status, decodeError(json ?? { code: `http_${res.status}`, message: text || res.statusText }));
  return json as T;
}

export function decodeGames(raw: unknown): GameInfo[] {
  const list = Array.isArray(raw) ? raw : isObj(raw) && Array.isArray(raw.games) ? raw.games : [];
  return list.filter(isObj).map((g) => ({
    id: String(g.id ?? ""),
    name: String(g.name ?? g.id ?? ""),
    minPlayers: Number(g.minPlayers ?? 1),
    maxPlayers: Number(g.maxPlayers ?? 1),
    minutes: String(g.minutes ?? ""),
    summary: String(g.summary ?? ""),
    options: Array.isArray(g.options) ? (g.options as GameOption[]) : [],
    levels: Array.isArray(g.levels) && g.levels.length > 0 ? g.levels.map(String) : ["normal"],
  }));
}

/** tableIdOf finds the table id in a create/join answer. */
export function tableIdOf(raw: unknown): string {
  if (!isObj(raw)) return "";
  if (typeof raw.id === "string") return raw.id;
  if (typeof raw.table === "string") return raw.table;
  if (isObj(raw.table) && typeof raw.table.id === "string") return raw.table.id;
  return "";
}

/** MyTable is one table of the person's list (GET /api/me/tables), the same on every linked device. */
export interface MyTable {
  id: string;
  game: string;
  gameName: string;
  status: "lobby" | "playing" | "finished";
  /** the person's seat */
  seat: number;
  /** the names in the seats */
  players: string[];
  /** the names of the seats the game waits on */
  turn: string[];
  yourTurn: boolean;
  /** when the turn runs out (Unix ms), for a table with a turn limit */
  deadline: number | null;
  /** when something last happened there (Unix ms) */
  active: number;
  /** moves since the person last had the table open, and the public lines of the last of them */
  movesSince: number;
  lines: string[];
}

const strings = (x: unknown): string[] => (Array.isArray(x) ? x.filter((s): s is string => typeof s === "string") : []);

export function decodeMyTables(raw: unknown): MyTable[] {
  const list = isObj(raw) && Array.isArray(raw.tables) ? raw.tables : [];
  return list.filter(isObj).map((o) => ({
    id: String(o.id ?? ""),
    game: String(o.game ?? ""),
    gameName: String(o.gameName ?? o.game ?? ""),
    status: o.status === "playing" || o.status === "finished" ? o.status : "lobby",
    seat: typeof o.seat === "number" ? o.seat : -1,
    players: strings(o.players),
    turn: strings(o.turn),
    yourTurn: o.yourTurn === true,
    deadline: typeof o.deadline === "number" && o.deadline > 0 ? o.deadline : null,
    active: typeof o.active === "number" ? o.active : 0,
    movesSince: typeof o.movesSince === "number" && o.movesSince > 0 ? o.movesSince : 0,
    lines: strings(o.lines),
  }));
}

const t = (id: string) => `/api/tables/${encodeURIComponent(id)}`;

export const api = {
  /** session makes sure this browser has its player cookie; it returns its public id and where links should point. */
  session: async (): Promise<SessionInfo> => {
    const r = await call<unknown>("POST", "/api/session");
    const o = obj(r);
    return {
      player: typeof o.player === "string" ? o.player : "",
      base: typeof o.base === "string" ? o.base : "",
      loopbackOnly: o.loopbackOnly === true,
    };
  },
  /** invite says what an invite link leads to (the game and its host), before joining. */
  invite: async (invite: string): Promise<InviteInfo> => {
    const o = await call<unknown>("GET", `/api/invite/${encodeURIComponent(invite)}`);
    const r = obj(o);
    return { gameName: String(r.gameName ?? ""), host: String(r.host ?? ""), status: String(r.status ?? "") };
  },
  /** again opens the next table after the game (the same game, or another by id) for the host. */
  again: async (id: string, game = "") => tableIdOf(await call<unknown>("POST", `${t(id)}/again`, game ? { game } : {})),
  /** hand gives a seat to a computer player (computer true) or back to its person. */
  hand: (id: string, seat: number, computer: boolean) => call<unknown>("POST", `${t(id)}/hand`, { seat, computer }),
  /** room changes the wait for a disconnected player and whether chat is on. */
  room: (id: string, r: { awaySeconds?: number; chat?: boolean }) => call<unknown>("POST", `${t(id)}/room`, r),
  kick: (id: string, player: string) => call<unknown>("POST", `${t(id)}/kick`, { player }),
  games: async () => decodeGames(await call<unknown>("GET", "/api/games")),
  /** myTables lists the tables where this person holds a seat, their turn first. */
  myTables: async () => decodeMyTables(await call<unknown>("GET", "/api/me/tables")),
  create: async (game: string, name: string) => tableIdOf(await call<unknown>("POST", "/api/tables", { game, name })),
  /** joinByInvite takes the long token of an invite link; it returns the table id. */
  joinByInvite: async (invite: string, name: string) => tableIdOf(await call<unknown>("POST", "/api/join", { invite, name })),
  /** joinByCode takes the short code a person typed; it returns the table id. */
  joinByCode: async (code: string, name: string) => tableIdOf(await call<unknown>("POST", "/api/join", { code, name })),
  table: (id: string) => call<unknown>("GET", t(id)),
  tv: (code: string) => call<unknown>("GET", `/api/tv/${encodeURIComponent(code)}`),
  ready: (id: string, ready: boolean) => call<unknown>("POST", `${t(id)}/ready`, { ready }),
  /** addBot puts a computer player in seat (left out: the first free one), or changes the level of the one there. */
  addBot: (id: string, seat?: number, level?: string) =>
    call<unknown>("POST", `${t(id)}/bots`, { ...(seat === undefined ? {} : { seat }), ...(level ? { level } : {}) }),
  clearSeat: (id: string, seat: number) => call<unknown>("DELETE", `${t(id)}/seats/${seat}`),
  sit: (id: string, seat: number, color = "") => call<unknown>("POST", `${t(id)}/seat`, color ? { seat, color } : { seat }),
  hints: (id: string, on: boolean) => call<unknown>("POST", `${t(id)}/hints`, { on }),
  /** options sets the rules options and the turn timer, and the pace when given (host, lobby). */
  options: (id: string, options: Record<string, unknown>, turnSeconds: number, pace?: Pace) =>
    call<unknown>("POST", `${t(id)}/options`, pace ? { options, turnSeconds, pace } : { options, turnSeconds }),
  start: (id: string) => call<unknown>("POST", `${t(id)}/start`),
  /** timeline sets whether people may take back safe moves and whether the replay keeps hands hidden (host, lobby). */
  timeline: (id: string, undo: boolean, hideHands: boolean) => call<unknown>("POST", `${t(id)}/timeline`, { undo, hideHands }),
  /** replay is the finished table after its first at moves; hands asks for every seat's own view too; game is the table's (decodeEvent). */
  replay: async (id: string, at: number, hands: boolean, game: string) =>
    decodePosition(await call<unknown>("GET", `${t(id)}/replay?at=${at}${hands ? "&hands=1" : ""}`), game),
  /** tvReplay is the same for the TV by its code (public view only), with the table's lobby. */
  tvReplay: async (code: string, at: number): Promise<{ lobby: Lobby; position: Position }> => {
    const raw = await call<unknown>("GET", `/api/tv/${encodeURIComponent(code)}/replay?at=${at}`);
    const lobby = decodeLobby(isObj(raw) ? raw.table : null);
    return { lobby, position: decodePosition(raw, lobby.game) };
  },
  /** replayFile is a position of a game file the person opened; nothing is stored. */
  replayFile: async (doc: unknown, at: number, game: string) => decodePosition(await call<unknown>("POST", "/api/replay", { export: doc, at }), game),
  /** fork opens a table that plays on from the finished table after its first at moves; it returns the new table's id. */
  fork: async (id: string, at: number) => tableIdOf(await call<unknown>("POST", `${t(id)}/fork`, { at })),
  /** chatRoom is the host's view of the table's chat room. */
  chatRoom: async (id: string) => chatRoomOf(await call<unknown>("GET", `${t(id)}/chat`)),
  /** setChatRoom sends the table's turn notices to a room by its incoming-webhook URL (host). */
  setChatRoom: async (id: string, service: string, url: string) => chatRoomOf(await call<unknown>("POST", `${t(id)}/chat`, { service, url })),
  dropChatRoom: async (id: string) => chatRoomOf(await call<unknown>("DELETE", `${t(id)}/chat`)),
};

/** ChatRoomView is what the host is shown of the table's chat room: its service and host, never the URL ({} when none). */
export interface ChatRoomView {
  service?: string;
  host?: string;
}

const chatRoomOf = (raw: unknown): ChatRoomView => {
  const o = obj(raw);
  return typeof o.service === "string" && o.service ? { service: o.service, host: String(o.host ?? "") } : {};
};

/** exportHref downloads a finished table as a game file. */
export const exportHref = (id: string) => `${t(id)}/export`;

/** qrSrc is the server-rendered QR code (PNG) of a table's invite link, for members. */
export const qrSrc = (id: string) => `${t(id)}/qr.png`;

/** tvQrSrc is the same QR code for the TV screen, by its TV code. */
export const tvQrSrc = (code: string) => `/api/tv/${encodeURIComponent(code)}/qr.png`;
