// What a screen reader is told as the game goes on, decided once for every
// game: one polite announcement for what the moves since the last one did
// (the log's lines of those moves, worded to be heard), and an assertive
// "Your turn" when the turn comes to this seat. The play frame holds two
// live regions (Announcer) and feeds them from useAnnouncements, which waits
// for the table to settle before it speaks, so a burst of moves (a computer
// player's turn, the catch-up after a reconnect) is one announcement, not a
// storm. The turn line and the log list are not live regions on the play
// screen, so nothing is said twice.

import { useEffect, useRef, useState } from "preact/hooks";
import type { GameEvent } from "../protocol";
import { eventText, t } from "../i18n/i18n";

/** MAX_SAID is how many moves one announcement says in full; a longer burst is counted and only its last move said. */
export const MAX_SAID = 3;

/** SETTLE_MS is how long the table must stay still before the moves since the last announcement are said. */
export const SETTLE_MS = 300;

/** Heard is what the listener has been told: the log through a version, and whether it was their turn then. */
export interface Heard {
  /** the last version whose log lines were said (or were already there when the page opened) */
  through: number;
  myTurn: boolean;
}

/** What the table shows now, as the announcer reads it. */
export interface Now {
  /** the table's version */
  version: number;
  log: readonly GameEvent[];
  logVersions: readonly number[];
  myTurn: boolean;
  turnLine: string;
}

export interface Announcement {
  polite: string | null;
  assertive: string | null;
  heard: Heard;
}

/** spoken words a log line for a listener: symbols a reader skips or misreads become words, and it ends as a sentence. */
export function spoken(text: string): string {
  const t = text
    .replace(/\s*·\s*/g, ", ")
    .replace(/\s*→\s*/g, " to ")
    .replace(/\s*×\s*/g, " times ")
    .replace(/\s+/g, " ")
    .trim();
  return t === "" || /[.!?]$/.test(t) ? t : `${t}.`;
}

/** lastVersion is the newest version the log holds, or -1. */
export const lastVersion = (now: Pick<Now, "logVersions">) => (now.logVersions.length ? now.logVersions[now.logVersions.length - 1]! : -1);

/** heardNow is what a page that has just opened counts as told: everything already in its log. */
export const heardNow = (now: Now): Heard => ({ through: Math.max(now.version, lastVersion(now)), myTurn: now.myTurn });

/**
 * announce says what is new since heard: the moves after heard.through, one
 * polite sentence a move (at most MAX_SAID moves; a longer burst says how many
 * moves and the last), and "Your turn" when the turn is this seat's now and
 * was not when last heard, or was another's in between (otherTurn: a version
 * the page saw without this seat's turn).
 */
export function announce(heard: Heard, now: Now, otherTurn = false): Announcement {
  const moves = new Map<number, string[]>();
  now.logVersions.forEach((v, i) => {
    if (v <= heard.through) return;
    const e = now.log[i];
    const text = spoken(e ? eventText(e) : "");
    if (!text) return;
    const said = moves.get(v);
    if (said) said.push(text);
    else moves.set(v, [text]);
  });
  const lines = [...moves.values()].map((m) => m.join(" "));
  const polite =
    lines.length === 0 ? null : lines.length <= MAX_SAID ? lines.join(" ") : t("announce.moves", { n: lines.length, last: lines[lines.length - 1] ?? "" });
  const assertive = now.myTurn && (!heard.myTurn || otherTurn) ? t("announce.yourTurn", { line: spoken(withoutYourTurn(now.turnLine)) }) : null;
  return { polite, assertive, heard: { through: Math.max(heard.through, now.version, lastVersion(now)), myTurn: now.myTurn } };
}

/** withoutYourTurn is a turn line without its "Your turn:" in the reader's language, which the announcement says first. */
function withoutYourTurn(line: string): string {
  const yours = t("alerts.yourTurn").replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return line.replace(new RegExp(`(^|\\s)${yours}:\\s*`, "iu"), "$1");
}

/** Said is the text of each live region, with a count that changes whenever it is said again. */
export interface Said {
  polite: { text: string; n: number };
  assertive: { text: string; n: number };
}

/**
 * useAnnouncements feeds the play frame's live regions. It speaks only
 * after the table has been still for SETTLE_MS, once for everything since
 * the last time; a page that opens says nothing of the moves already in its
 * log. When on is false (a replay) it says nothing.
 */
export function useAnnouncements(now: Now, on: boolean): Said {
  const [said, setSaid] = useState<Said>({ polite: { text: "", n: 0 }, assertive: { text: "", n: 0 } });
  const heard = useRef<Heard | null>(null);
  const otherTurn = useRef(false);
  const latest = useRef(now);
  latest.current = now;
  if (!now.myTurn) otherTurn.current = true;
  useEffect(() => {
    if (!on) return;
    if (heard.current === null) {
      heard.current = heardNow(now);
      otherTurn.current = false;
      return;
    }
    const t = setTimeout(() => {
      const a = announce(heard.current!, latest.current, otherTurn.current);
      heard.current = a.heard;
      otherTurn.current = false;
      if (a.polite === null && a.assertive === null) return;
      setSaid((s) => ({
        polite: a.polite === null ? s.polite : { text: a.polite, n: s.polite.n + 1 },
        assertive: a.assertive === null ? s.assertive : { text: a.assertive, n: s.assertive.n + 1 },
      }));
    }, SETTLE_MS);
    return () => clearTimeout(t);
  }, [now.version, lastVersion(now), now.myTurn, on]);
  return said;
}
