// Pure lobby rules of thumb for the screens: what stops the host from
// starting, and the seat summaries. The server decides; these only explain.

import type { GameOption } from "./api";
import type { Lobby } from "./protocol";

/** soloOn says whether an option reads on, and fixed, at this table: the game turns it on when one person plays. */
export const soloOn = (o: GameOption, l: Lobby): boolean => o.solo === true && l.seats.filter((s) => s.kind !== "empty").length === 1;

/** startBlocker says why the host cannot start yet, or null when they can. */
export function startBlocker(l: Lobby, minPlayers: number, maxPlayers: number): string | null {
  const filled = l.seats.filter((s) => s.kind !== "empty");
  const waiting = filled.filter((s) => s.kind === "human" && !s.ready && !s.host);
  const empty = l.seats.find((s) => s.kind === "empty");
  if (l.forkAt > 0 && empty) {
    return `Seat ${empty.index + 1} is empty: this game plays on with every seat of the earlier one. Add a computer player there or invite someone to take it.`;
  }
  if (filled.length < minPlayers) {
    const need = minPlayers - filled.length;
    return `Needs ${need} more player${need === 1 ? "" : "s"}: invite a friend or add a computer player.`;
  }
  if (filled.length > maxPlayers) return `At most ${maxPlayers} players can play.`;
  if (waiting.length > 0) {
    const names = waiting.map((s) => s.name || `Seat ${s.index + 1}`);
    return `Waiting for ${joinNames(names)} to be ready.`;
  }
  return null;
}

/** joinNames: ["A"] → "A", ["A","B"] → "A and B", ["A","B","C"] → "A, B and C". */
export function joinNames(names: string[]): string {
  if (names.length <= 1) return names[0] ?? "";
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

/** levelName is how a computer level reads on screen: "easy" → "Easy". */
export function levelName(level: string): string {
  return level ? level.charAt(0).toUpperCase() + level.slice(1) : "Normal";
}

/** computerLabel is the tag beside a computer player's name: its level when the game has several. */
export function computerLabel(level: string, levels: string[]): string {
  return levels.length > 1 ? `Computer · ${levelName(level)}` : "Computer";
}

/** seatStatus is the words for one seat's state, so it never depends on color or icons. */
export function seatStatus(s: Lobby["seats"][number]): string {
  if (s.kind === "empty") return "Empty seat";
  if (s.kind === "bot") return `Computer player, ${levelName(s.level).toLowerCase()} level, always ready`;
  return `${s.host ? "Host, starts the game" : s.ready ? "Ready" : "Not ready"}, ${s.connected ? "connected" : "not connected"}`;
}
