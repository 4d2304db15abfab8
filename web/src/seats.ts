// Words for who plays a person's seat during play: a computer player the
// seat was handed to (by the host or the person), and the wait before a
// computer player stands in for someone whose page lost its connection.
// The server decides; these only say it.

import { t } from "./i18n/i18n";
import type { Lobby, LobbySeat } from "./protocol";

/** nameOf is the name the table knows the person with public id by ("" when unknown). */
export function nameOf(l: Lobby, id: string): string {
  return l.members.find((m) => m.id === id)?.name ?? l.seats.find((s) => s.player === id)?.name ?? "";
}

/** handedBy is the public id of who handed s over: the host when the server does not say. */
const handedBy = (l: Lobby, s: LobbySeat) => s.handedBy || l.hostId;

/** handedNote is what the person of a handed seat reads, naming who handed it over. */
export function handedNote(l: Lobby, s: LobbySeat): string {
  const by = handedBy(l, s);
  if (by === s.player) return t("seats.handedMine");
  const who = nameOf(l, by);
  if (!who) return t("seats.handedByUnknown");
  return t(by === l.hostId ? "seats.handedByHost" : "seats.handedByOther", { who });
}

/** handedState is how the seat strip says a seat was handed over, and by whom. */
export function handedState(l: Lobby, s: LobbySeat): string {
  const by = handedBy(l, s);
  if (by === s.player) return t(s.you ? "seats.stateAskedYou" : "seats.stateAskedThem");
  const who = nameOf(l, by);
  if (!who) return t(s.you ? "seats.stateHandedYourHost" : "seats.stateHandedTheHost");
  return t(s.you ? "seats.stateHandedYour" : "seats.stateHandedThe", { who });
}

/** standInSeconds is the whole seconds until a computer player stands in for s, or null when none is coming. */
export function standInSeconds(s: LobbySeat, now: number): number | null {
  if (!s.standIn || s.kind !== "human" || s.away || s.handed) return null;
  return Math.max(0, Math.ceil((s.standIn - now) / 1000));
}

/** standInState is how the seat strip says a lost connection is waited for: with the countdown, or "on their turn" once it ran out. */
export function standInState(s: LobbySeat, now: number): string | null {
  const left = standInSeconds(s, now);
  if (left === null) return null;
  return left > 0 ? t("seats.takesOverIn", { s: left }) : t("seats.takesOverOnTurn");
}
