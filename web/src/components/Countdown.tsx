import { useEffect, useState } from "preact/hooks";

/** secondsLeft is the whole seconds until deadline (Unix ms), never negative. */
export function secondsLeft(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

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

/** Countdown shows the turn timer when one runs for this viewer. */
export function Countdown({ deadline }: { deadline: number }) {
  const now = useNow(deadline > 0);
  if (!deadline) return null;
  const s = secondsLeft(deadline, now);
  return (
    <p class="countdown" role="timer" aria-label={`${s} seconds left before a computer player moves for you`}>
      <svg class="countdown-icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
        <circle cx="8" cy="9" r="6" fill="none" stroke="currentColor" stroke-width="2" />
        <path d="M8 9V5.5M6 1.5h4" stroke="currentColor" stroke-width="2" stroke-linecap="round" />
      </svg>{" "}
      {s} s
    </p>
  );
}
