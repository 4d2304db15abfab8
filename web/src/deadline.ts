// The words for a turn's time: how long is left ("23 h 58 min"), until
// when another person has ("09:40 tomorrow"), what happens when a limit
// runs out, and the moves a computer player made for a person. Pure
// functions of the time given, so tests fix the clock.

import { formatDate, formatList, isMsg, t, word } from "./i18n/i18n";
import type { GameEvent, Pace } from "./protocol";

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * duration says a span of ms: "45 s" under a minute, "12 min 5 s" under an
 * hour, "23 h 08 min" beyond, "3 days 4 h" from two days on. Coarse drops
 * the seconds, for a page that changes once a minute: "12 min", and "under
 * a minute".
 */
export function duration(ms: number, coarse = false): string {
  const s = coarse ? Math.floor(Math.max(0, ms) / 1000) : Math.max(0, Math.ceil(ms / 1000));
  if (s < MINUTE) return coarse ? t("time.underMinute") : t("time.seconds", { s });
  if (s < HOUR) {
    const m = Math.floor(s / MINUTE);
    return coarse ? t("time.minutes", { m }) : t("time.minutesSeconds", { m, s: s % MINUTE });
  }
  if (s < 2 * DAY) {
    const h = Math.floor(s / HOUR);
    const m = Math.floor((s % HOUR) / MINUTE);
    return t("time.hoursMinutes", { h, mm: String(m).padStart(2, "0") });
  }
  const d = Math.floor(s / DAY);
  const h = Math.floor((s % DAY) / HOUR);
  return h ? t("time.daysHours", { d, h }) : t("time.days", { d });
}

/** dayStart is the local midnight that begins t's day. */
const dayStart = (t: number) => {
  const d = new Date(t);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
};

/**
 * clockWords says a moment in the browser's local time, as seen at now:
 * "09:40 today", "09:40 tomorrow", "09:40 on Friday" within the week,
 * "09:40 on December 14" after.
 */
export function clockWords(at: number, now: number): string {
  const clock = formatDate(at, { hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  const days = Math.round((dayStart(at) - dayStart(now)) / (DAY * 1000));
  if (days <= 0) return t("time.today", { clock });
  if (days === 1) return t("time.tomorrow", { clock });
  if (days < 7) return t("time.onDay", { clock, day: formatDate(at, { weekday: "long" }) });
  return t("time.onDate", { clock, date: formatDate(at, { month: "long", day: "numeric" }) });
}

/** lapseWords says what happens when the limit of a turn at pace runs out, after "then". */
export function lapseWords(pace: Pace): string {
  return t(pace.mode === "own" && pace.rule === "skip" ? "time.lapseSkip" : "time.lapseComputer");
}

/** namesWords joins names: "Bo", "Bo and Cy", "Ana, Bo and Cy" (in the reader's language). */
export function namesWords(names: readonly string[]): string {
  return formatList(names);
}

/** untilWords says until when the people on turn have: "Bo has until 09:40 tomorrow". */
export function untilWords(names: readonly string[], deadline: number, now: number): string {
  return t("time.until", { names: namesWords(names), count: names.length, when: clockWords(deadline, now) });
}

/**
 * playedFor is what a computer player did in name's seat in their last
 * turns, read from the log (oldest first, with each entry's version): the
 * server sends such a move's lines as the message "table.standIn" around the
 * line's own. It returns the lines since the person's own last move, as the
 * reader's language words them, without the mark, and how
 * many turns they were (a run of moves one after the other is one turn),
 * with the version of the last of them (-1: none).
 */
export function playedFor(
  log: readonly GameEvent[],
  versions: readonly number[],
  seat: number,
  name: string,
): { lines: string[]; turns: number; last: number } {
  const lines: string[] = [];
  const moves: number[] = [];
  for (let i = log.length - 1; i >= 0; i--) {
    const e = log[i]!;
    const v = versions[i] ?? 0;
    const line = e.msg?.id === "table.standIn" && e.msg.v?.who === name ? e.msg.v.line : undefined;
    if (isMsg(line)) {
      lines.unshift(word(line));
      if (moves[0] !== v) moves.unshift(v);
    } else if (e.seat === seat && (e.msg || e.text !== "") && moves[0] !== v) break; // their own move
  }
  const turns = moves.filter((v, i) => i === 0 || moves[i - 1] !== v - 1).length;
  return { lines, turns, last: moves[moves.length - 1] ?? -1 };
}
