import { useEffect, useState } from "preact/hooks";

/** secondsLeft is the whole seconds until deadline (Unix ms), never negative. */
export function secondsLeft(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

/** Countdown shows the turn timer when one runs for this viewer. */
export function Countdown({ deadline }: { deadline: number }) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (!deadline) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [deadline]);
  if (!deadline) return null;
  const s = secondsLeft(deadline, now);
  return (
    <p class="countdown" role="timer" aria-label={`${s} seconds left before a computer player moves for you`}>
      ⏱ {s} s
    </p>
  );
}
