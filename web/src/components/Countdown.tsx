import { useEffect, useState } from "preact/hooks";
import { duration, lapseWords, namesWords, untilWords } from "../deadline";
import type { Pace } from "../protocol";
import { t } from "../i18n/i18n";

/**
 * useNow is the time of this render, in Unix ms; while ticking is on the
 * component renders again every second. (A time kept from an earlier render
 * would count from when the component first showed, not from now.)
 */
export function useNow(ticking: boolean): number {
  const [, tick] = useState(0);
  useEffect(() => {
    if (!ticking) return;
    const t = setInterval(() => tick((n) => n + 1), 1000);
    return () => clearInterval(t);
  }, [ticking]);
  return Date.now();
}

/**
 * Countdown shows the time of the turn. The person on turn sees how long
 * they have left ("23 h 58 min left"), with what happens when it runs out
 * for screen readers; everyone else sees until when the people on turn
 * have, in the browser's local time ("Bo has until 09:40 tomorrow"), or at
 * a live table how long they have ("Bo has 45 s left"). at fixes the
 * clock (tests); without it the clock ticks every second.
 */
export function Countdown({
  mine,
  due,
  pace,
  names,
  at,
}: {
  /** the viewer's own deadline (Unix ms), 0 when no clock runs for them */
  mine: number;
  /** the earliest running deadline of the seats the game waits on (Unix ms), 0 when none runs */
  due: number;
  /** the table's pace */
  pace: Pace | undefined;
  /** the names of the others the game waits on */
  names: readonly string[];
  at?: number;
}) {
  const theirs = !mine && names.length > 0 ? due : 0;
  const ticking = at === undefined && (mine > 0 || theirs > 0);
  const clock = useNow(ticking);
  const now = at ?? clock;
  if (!mine && !theirs) return null;
  let words: string;
  let label: string;
  if (mine) {
    const left = duration(mine - now);
    words = t("time.left", { left });
    label = t("time.leftThen", { left, lapse: lapseWords(pace ?? { mode: "live" }) });
  } else if (pace?.mode === "own") {
    words = untilWords(names, theirs, now);
    label = words;
  } else {
    words = t("time.theyHave", { count: names.length, names: namesWords(names), left: duration(theirs - now) });
    label = words;
  }
  return (
    <p class="countdown" role="timer" aria-label={label} data-testid="countdown">
      <svg class="countdown-icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
        <circle cx="8" cy="9" r="6" fill="none" stroke="currentColor" stroke-width="2" />
        <path d="M8 9V5.5M6 1.5h4" stroke="currentColor" stroke-width="2" stroke-linecap="round" />
      </svg>{" "}
      {words}
    </p>
  );
}
