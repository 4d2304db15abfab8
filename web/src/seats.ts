// Words for who plays a person's seat during play: a computer player the
// seat was handed to (by the host or the person), and the wait before a
// computer player stands in for someone whose page lost its connection.
// The server decides; these only say it.

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
  if (by === s.player) return "A computer player plays for you, as you asked.";
  const who = nameOf(l, by);
  return `${who ? `${who}${by === l.hostId ? " (the host)" : ""}` : "The host"} let a computer player take your seat.`;
}

/** handedState is how the seat strip says a seat was handed over, and by whom. */
export function handedState(l: Lobby, s: LobbySeat): string {
  const by = handedBy(l, s);
  if (by === s.player) return s.you ? "a computer player plays for you, as you asked" : "a computer player plays for them, as they asked";
  return `${nameOf(l, by) || "the host"} handed ${s.you ? "your" : "the"} seat to a computer player`;
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
  return left > 0 ? `not connected · a computer player takes over in ${left} s` : "not connected · a computer player takes over on their turn";
}
