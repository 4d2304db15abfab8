// The client's picture of one table, updated only from what the server sends.
// reduce is a pure function (tested); TableStore wraps it in signals for the
// screens and owns the Link.

import { signal, type Signal } from "@preact/signals";
import { Link, wsURL, type LinkStatus } from "./connection";
import { t } from "./i18n/i18n";
import { refusalWords } from "./i18n/errors";
import {
  encodeBack,
  encodeChat,
  encodeEarlierLog,
  encodeHint,
  encodeMove,
  encodeUndo,
  type ChatLine,
  type GameEvent,
  type GameState,
  type Hint,
  type Lobby,
  type LogPage,
  type Move,
  type ProtocolError,
  type ServerMessage,
} from "./protocol";

export const LOG_LIMIT = 5000;
/** the chat lines a page keeps */
export const CHAT_LIMIT = 200;

export interface Notice {
  kind: "error" | "info";
  text: string;
  rule?: string;
  /** increases with every notice, so a repeated message still shows again */
  seq: number;
}

export interface TableData {
  version: number;
  lobby: Lobby | null;
  game: GameState | null;
  /** the events of the log this page holds, oldest first, at most LOG_LIMIT */
  log: GameEvent[];
  /** the version at which each log entry arrived (parallel to log) */
  logVersions: number[];
  notice: Notice | null;
  /** a move was sent and its answer has not arrived */
  pending: boolean;
  /** the last hint this seat asked for, with the version it was given at */
  hint: (Hint & { version: number }) | null;
  /** a hint was asked for and its answer has not arrived */
  hintPending: boolean;
  /** the log reaches back to the start of the game (else earlier parts can be asked for) */
  logComplete: boolean;
  /**
   * the log holds every version from logFrom through logThrough, with no
   * move missing between them (none while logThrough < logFrom): what a
   * log frame, which covers a run of versions, is joined to
   */
  logFrom: number;
  logThrough: number;
  /** the table's chat, oldest first */
  chat: ChatLine[];
  /** the last chat line that was already said when this page connected: newer ones are news */
  chatBase: number;
}

export const emptyTable = (): TableData => ({
  version: 0,
  lobby: null,
  game: null,
  log: [],
  logVersions: [],
  notice: null,
  pending: false,
  hint: null,
  hintPending: false,
  logComplete: true,
  logFrom: 0,
  logThrough: -1,
  chat: [],
  chatBase: 0,
});

/**
 * mergeLog joins a part of the log (a log frame, versions page.from through
 * page.to) to the log the page holds. The log frame of a connect holds the
 * latest moves, later ones the earlier part asked for. When the page already
 * holds a run of versions that this part touches or overlaps (a reconnect
 * after a short absence, an earlier page), the two are joined, the page's own
 * entries (the hints it was told of too) kept, each move once; otherwise
 * (a new page, or moves missed while away) the part replaces what the page
 * held up to its end.
 */
export function mergeLog(s: TableData, page: LogPage): TableData {
  const held = s.logThrough >= s.logFrom;
  const joins = held && page.from <= s.logThrough + 1 && page.to + 1 >= s.logFrom;
  const inPage = (v: number) => v >= page.from && v <= page.to;
  const inHeld = (v: number) => joins && v >= s.logFrom && v <= s.logThrough;
  const merged: { v: number; e: GameEvent }[] = [];
  for (const e of page.entries) {
    if (!inHeld(e.v)) for (const ev of e.events) merged.push({ v: e.v, e: ev });
  }
  s.logVersions.forEach((v, i) => {
    if (joins ? inHeld(v) || !inPage(v) : v > page.to) merged.push({ v, e: s.log[i]! });
  });
  merged.sort((a, b) => a.v - b.v); // stable: each version's events keep their order
  const logFrom = joins ? Math.min(s.logFrom, page.from) : page.from;
  const logThrough = joins ? Math.max(s.logThrough, page.to) : page.to;
  return trimLog({ ...s, log: merged.map((m) => m.e), logVersions: merged.map((m) => m.v), logFrom, logThrough, logComplete: logFrom === 0 });
}

/**
 * trimLog keeps the log within LOG_LIMIT events, dropping the oldest versions
 * whole: the log then starts after the last one dropped.
 */
function trimLog(s: TableData): TableData {
  if (s.log.length <= LOG_LIMIT) return s;
  const dropped = s.logVersions[s.log.length - LOG_LIMIT - 1]!;
  const keep = s.logVersions.findIndex((v) => v > dropped);
  const at = keep < 0 ? s.log.length : keep;
  return { ...s, log: s.log.slice(at), logVersions: s.logVersions.slice(at), logFrom: Math.max(s.logFrom, dropped + 1), logComplete: false };
}

/**
 * earlierBefore says before which version to ask for the earlier part of the
 * log, or null when there is none to ask for: the log reaches the start, or
 * with lines, the page already holds that many lines (all its log panel
 * shows).
 */
export function earlierBefore(s: TableData, lines = Infinity): number | null {
  if (s.logComplete || s.log.length === 0 || s.log.length >= lines) return null;
  const before = s.logThrough >= s.logFrom ? s.logFrom : s.logVersions[0]!;
  return before > 0 ? before : null;
}

/** addChat adds chat lines (or, with all, replaces them), each once, keeping the last CHAT_LIMIT. */
export function addChat(chat: ChatLine[], lines: ChatLine[], all: boolean): ChatLine[] {
  const base = all ? [] : chat;
  const seen = new Set(base.map((l) => l.n));
  const out = [...base, ...lines.filter((l) => !seen.has(l.n))];
  return out.length > CHAT_LIMIT ? out.slice(out.length - CHAT_LIMIT) : out;
}

/** errorText says in player words what a refused message means. */
export function errorText(e: ProtocolError): string {
  switch (e.code) {
    case "stale_version":
      return t("status.stale");
    case "rate_limited":
      return t("status.tooMany");
    case "outcome_unknown":
      return t("status.outcomeUnknown");
    case "not_your_turn":
      return refusalWords(e) || t("error.notYourTurn");
    default:
      return refusalWords(e) || t("status.refusedMove");
  }
}

/** reduce applies one server message to the table. */
export function reduce(s: TableData, m: ServerMessage): TableData {
  switch (m.t) {
    case "lobby":
      return { ...s, lobby: m.d, version: Math.max(s.version, m.v) };
    case "state": {
      // A state at a version already seen (a reconnect, or the fresh view after
      // a stale move) repeats events we have; only a newer one adds to the log.
      const fresh = m.v > s.version || s.game === null;
      const held = s.logThrough >= s.logFrom && m.v >= s.logFrom && m.v <= s.logThrough;
      let next: TableData = s;
      if (fresh && !held && m.d.events.length > 0 && !(s.logVersions.length > 0 && s.logVersions[s.logVersions.length - 1]! >= m.v)) {
        next = { ...s, log: [...s.log, ...m.d.events], logVersions: [...s.logVersions, ...m.d.events.map(() => m.v)] };
      }
      // The next version extends the run of versions held; after a gap (moves
      // missed while away) the log frame that follows says what is held.
      if (fresh && m.v === s.logThrough + 1 && (s.logThrough >= s.logFrom || m.v === s.logFrom)) next = { ...next, logThrough: m.v };
      next = trimLog(next);
      const lobby = s.lobby && m.d.result.over && s.lobby.status !== "finished" ? { ...s.lobby, status: "finished" as const } : s.lobby;
      return { ...next, lobby, game: m.d, version: m.v, pending: false };
    }
    case "hint":
      return { ...s, hint: { ...m.d, version: m.v }, hintPending: false };
    case "note":
      return trimLog({ ...s, log: [...s.log, m.d], logVersions: [...s.logVersions, m.v] });
    case "log":
      return mergeLog(s, m.d);
    case "chat":
      return {
        ...s,
        chat: addChat(s.chat, m.d.lines, m.d.all),
        chatBase: m.d.all ? Math.max(s.chatBase, ...m.d.lines.map((l) => l.n)) : s.chatBase,
      };
    case "error":
      return {
        ...s,
        pending: false,
        hintPending: false,
        notice: { kind: "error", text: errorText(m.d), ...(m.d.rule ? { rule: m.d.rule } : {}), seq: (s.notice?.seq ?? 0) + 1 },
      };
    case "pong":
      return s;
  }
}

/** isMyTurn reports whether the game waits on this connection's seat. */
export function isMyTurn(g: GameState | null): boolean {
  return g !== null && g.seat >= 0 && g.actors.includes(g.seat);
}

/** TableStore is one live table for the screens: signals fed by a Link. */
export class TableStore {
  readonly data: Signal<TableData> = signal(emptyTable());
  readonly link: Signal<LinkStatus> = signal("connecting");
  readonly attempt: Signal<number> = signal(0);
  readonly fatal: Signal<string | null> = signal(null);
  private readonly conn: Link | null;
  /** the version fillLog last asked for the log before (-1: none on this connection) */
  private askedBefore = -1;

  /**
   * offline is a store that talks to no server: a game's screens show data
   * (a moment of a replay) and can send nothing.
   */
  static offline(data: TableData): TableStore {
    const s = new TableStore(null);
    s.data.value = data;
    s.link.value = "open";
    return s;
  }

  /** path is the WebSocket path: /ws?table=<id> or /ws?tv=<code> (null: offline); me returns this client's public id. */
  constructor(path: string | null, me: () => string = () => "", probe?: () => Promise<string | null>) {
    this.conn =
      path === null
        ? null
        : new Link(
            wsURL(path, location),
            {
              message: (m) => {
                this.data.value = reduce(this.data.value, m);
              },
              status: (st, n) => {
                this.link.value = st;
                this.attempt.value = n;
                if (st === "open") this.askedBefore = -1;
                if (st !== "open" && this.data.value.pending) this.data.value = { ...this.data.value, pending: false };
                // A socket refused before it opens says nothing; the HTTP API says why.
                if (st === "reconnecting" && probe && (n === 2 || n % 5 === 0)) {
                  void probe().then((why) => {
                    if (why && this.link.value !== "open") {
                      this.fatal.value = why;
                      this.close();
                    }
                  });
                }
              },
              fatal: (reason) => {
                this.fatal.value = reason;
              },
            },
            me,
          );
  }

  /** move sends m at the version last seen; false if the link is down. */
  move(m: Move): boolean {
    const ok = this.conn?.send(encodeMove(m, this.data.value.version)) ?? false;
    if (ok) this.data.value = { ...this.data.value, pending: true };
    else this.note("error", t("status.moveNotSent"));
    return ok;
  }

  /** askHint asks the server what the computer player would do for this seat. */
  askHint(): void {
    if (this.conn?.send(encodeHint(this.data.value.version))) this.data.value = { ...this.data.value, hintPending: true, hint: null };
    else this.note("error", t("status.hintNotSent"));
  }

  /** back takes this person's seat back from the computer player standing in for them. */
  back(): void {
    this.conn?.send(encodeBack(this.data.value.version));
  }

  /** undo takes back this person's last move (the state says when it may). */
  undo(): void {
    if (this.conn?.send(encodeUndo(this.data.value.version))) this.data.value = { ...this.data.value, pending: true };
  }

  /** say sends a chat message or a reaction; false if the link is down. */
  say(said: { text: string } | { emoji: string }): boolean {
    const ok = this.conn?.send(encodeChat(this.data.value.version, said)) ?? false;
    if (!ok) this.note("error", t("status.chatNotSent"));
    return ok;
  }

  /** earlier asks for the part of the log before the oldest part this page has. */
  earlier(): void {
    this.askEarlier(Infinity, true);
  }

  /**
   * fillLog asks for the earlier part of the log while the page holds fewer
   * than lines lines of it (a reloaded page gets the last moves only), once
   * for each part: a part that did not come (the store could not be read) is
   * asked for again only on the player's word or on a new connection.
   */
  fillLog(lines: number): void {
    this.askEarlier(lines, false);
  }

  /** askEarlier asks for the part of the log before what the page holds, while it holds fewer than lines lines; again asks even for a part already asked for. */
  private askEarlier(lines: number, again: boolean): void {
    const before = earlierBefore(this.data.value, lines);
    if (before === null || (!again && before === this.askedBefore)) return;
    if (this.conn?.send(encodeEarlierLog(this.data.value.version, before))) this.askedBefore = before;
  }

  note(kind: Notice["kind"], text: string): void {
    this.data.value = { ...this.data.value, notice: { kind, text, seq: (this.data.value.notice?.seq ?? 0) + 1 } };
  }

  dismiss(): void {
    this.data.value = { ...this.data.value, notice: null };
  }

  close(): void {
    this.conn?.close();
  }
}
