import { useState } from "preact/hooks";
import { playedFor } from "../deadline";
import { t, tr } from "../i18n/i18n";
import type { GameEvent, LobbySeat } from "../protocol";

/** MAX_LINES is how many of the computer player's lines the banner lists: the last ones. */
const MAX_LINES = 8;

/**
 * PlayedForYou tells a person who comes back what a computer player played
 * in their seat since their own last move (their turn limit ran out), read
 * from the log, and, once the table waits for them, that no clock runs
 * until they move. The list can be put away until the computer player
 * plays for them again; the table's waiting stays said while it lasts.
 */
export function PlayedForYou({ seat, log, versions }: { seat: LobbySeat; log: readonly GameEvent[]; versions: readonly number[] }) {
  const [seen, setSeen] = useState(-1);
  const { lines, turns, last } = playedFor(log, versions, seat.index, seat.name);
  const listed = turns > 0 && last > seen;
  if (!listed && !seat.held) return null;
  const shown = lines.slice(-MAX_LINES);
  return (
    <div class="banner banner-warn played-for-you" role="status" data-testid="played-for-you">
      {listed ? (
        <>
          <p>{t(shown.length < lines.length ? "frame.playedForYouSome" : "frame.playedForYou", { n: turns })}</p>
          <ul>
            {shown.map((l, i) => (
              <li key={i}>{l}</li>
            ))}
          </ul>
        </>
      ) : null}
      {seat.held ? <p>{tr(listed ? "frame.waitsForYou" : "frame.waitsForYouTook", { b: (w) => <strong>{w}</strong> })}</p> : null}
      {listed ? (
        <button type="button" class="btn-small" onClick={() => setSeen(last)}>
          {t("frame.gotIt")}
        </button>
      ) : null}
    </div>
  );
}
