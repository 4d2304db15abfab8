// Pure lobby rules of thumb for the screens: what stops the host from
// starting, and the seat summaries. The server decides; these only explain.

import type { GameOption } from "./api";
import { formatList, intlLocale, type MessageId, t } from "./i18n/i18n";

export { colorName } from "./format";
import type { Lobby } from "./protocol";

/** soloOn says whether an option reads on, and fixed, at this table: the game turns it on when one person plays. */
export const soloOn = (o: GameOption, l: Lobby): boolean => o.solo === true && l.seats.filter((s) => s.kind !== "empty").length === 1;

/** startBlocker says why the host cannot start yet, or null when they can; the lobby carries its game's fewest and most players. */
export function startBlocker(l: Lobby): string | null {
  const { minSeats, maxSeats } = l;
  const filled = l.seats.filter((s) => s.kind !== "empty");
  const waiting = filled.filter((s) => s.kind === "human" && !s.ready && !s.host);
  const empty = l.seats.find((s) => s.kind === "empty");
  if (l.forkAt > 0 && empty) {
    return t("lobby.forkEmpty", { seat: empty.index + 1 });
  }
  if (filled.length < minSeats) {
    const need = minSeats - filled.length;
    return t("lobby.needsPlayers", { need });
  }
  if (filled.length > maxSeats) return t("lobby.atMost", { max: maxSeats });
  if (waiting.length > 0) {
    const names = waiting.map((s) => s.name || t("lobby.seatN", { n: s.index + 1 }));
    return t("lobby.waitingFor", { names: joinNames(names), count: names.length });
  }
  return null;
}

/** joinNames: ["A"] → "A", ["A","B"] → "A and B", ["A","B","C"] → "A, B and C" (in the reader's language). */
export function joinNames(names: string[]): string {
  return formatList(names);
}

const LEVELS: Record<string, MessageId> = { easy: "level.easy", normal: "level.normal", hard: "level.hard" };

/** levelName is how a computer level reads on screen: "easy" → "Easy" (a level the catalog lacks: its id, capitalized). */
export function levelName(level: string): string {
  const id = LEVELS[level || "normal"];
  return id ? t(id) : level.charAt(0).toUpperCase() + level.slice(1);
}

/** computerLabel is the tag beside a computer player's name: its level when the game has several. */
export function computerLabel(level: string, levels: string[]): string {
  return levels.length > 1 ? t("lobby.computerLevel", { level: levelName(level) }) : t("lobby.computer");
}

/** seatStatus is the words for one seat's state, so it never depends on color or icons. */
export function seatStatus(s: Lobby["seats"][number]): string {
  if (s.kind === "empty") return t("lobby.emptySeat");
  if (s.kind === "bot") return t("lobby.botStatus", { level: levelName(s.level).toLocaleLowerCase(intlLocale()) });
  return t("lobby.humanStatus", { role: s.host ? "host" : s.ready ? "ready" : "waiting", online: s.connected ? "yes" : "no" });
}

/** limitWords says a turn limit at your own pace: "1 hour", "12 hours", "3 days" (whole days from two days on). */
export function limitWords(seconds: number): string {
  const days = seconds / 86_400;
  return days >= 2 && Number.isInteger(days) ? t("pace.limitDays", { n: days }) : t("pace.limitHours", { n: Math.round(seconds / 3600) });
}
