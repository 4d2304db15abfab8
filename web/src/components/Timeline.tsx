// The table's timeline in the shared screens: the host's settings in the
// lobby, the take-back button during play, and the way to the replay once
// the game is over.

import { api, exportHref } from "../api";
import type { Lobby } from "../protocol";
import { href } from "../router";
import type { TableStore } from "../state";

/** TimelineOptions are the host's timeline settings in the lobby (read-only for others). */
export function TimelineOptions({ lobby, busy, run }: { lobby: Lobby; busy: boolean; run: (f: () => Promise<unknown>) => void }) {
  const editable = lobby.host && lobby.status === "lobby";
  return (
    <fieldset class="option timeline-options">
      <legend>Taking moves back and the replay</legend>
      <label class="check">
        <input
          type="checkbox"
          data-testid="opt-undo"
          checked={lobby.undo}
          disabled={!editable || busy}
          onChange={(e) => run(() => api.timeline(lobby.id, e.currentTarget.checked, lobby.hideHands))}
        />
        Let people take back their last move, until someone else acts, when it showed nothing new (no dice, no card drawn)
      </label>
      <label class="check">
        <input
          type="checkbox"
          data-testid="opt-hide-hands"
          checked={lobby.hideHands}
          disabled={!editable || busy}
          onChange={(e) => run(() => api.timeline(lobby.id, lobby.undo, e.currentTarget.checked))}
        />
        Keep every hand hidden in the replay after the game
      </label>
      {lobby.forkAt > 0 ? (
        <p class="hint" data-testid="fork-note">
          This game plays on from move {lobby.forkAt} of an earlier game. Everything nobody had seen at that moment (cards still in a deck, dice to come) is
          dealt afresh.
        </p>
      ) : null}
    </fieldset>
  );
}

/** TakeBack offers the take-back while the server says this seat may. */
export function TakeBack({ store }: { store: TableStore }) {
  const { game, pending } = store.data.value;
  if (!game?.undo) return null;
  return (
    <div class="takeback-bar" role="region" aria-label="Take back">
      <span>Changed your mind? Nobody has acted since your last move.</span>
      <button type="button" class="btn" data-testid="undo" disabled={pending} onClick={() => store.undo()}>
        Take back my last move
      </button>
    </div>
  );
}

/** ReplayLinks lead from a finished table to its replay and its game file. */
export function ReplayLinks({ lobby, tvCode }: { lobby: Lobby | null; tvCode?: string }) {
  if (lobby?.status !== "finished") return null;
  const replay = tvCode ? `${href({ name: "tv", code: tvCode })}/replay` : `${href({ name: "table", id: lobby.id })}/replay`;
  return (
    <nav class={tvCode ? "replay-links tv-replay-links" : "replay-links"} aria-label="After the game">
      <a href={replay} data-testid="replay-link">
        Watch the replay
      </a>
      {tvCode ? null : (
        <a href={exportHref(lobby.id)} download={`harbor-${lobby.game}-${lobby.id}.json`} data-testid="export-link">
          Download the game file
        </a>
      )}
    </nav>
  );
}
