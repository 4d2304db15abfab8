// The next game at the same table of people. PlayAgain is the end of a game:
// the host opens a new table, the same game or another. useFollowNext carries
// every page (to the new lobby) and the TV (to its new TV screen) along once
// the lobby names it (next, nextTV).

import { useEffect, useState } from "preact/hooks";
import { api, ApiError } from "../api";
import { gameList, loadGames } from "../gameList";
import type { Lobby } from "../protocol";
import { go, href } from "../router";
import type { TableStore } from "../state";

/**
 * useFollowNext takes the page to the table "play again" opened, once the
 * host opened it: a player's page to its lobby, the TV to its TV screen.
 */
export function useFollowNext(lobby: Lobby | null, tv: boolean): void {
  const next = tv ? lobby?.nextTV : lobby?.next;
  useEffect(() => {
    if (next) go(href(tv ? { name: "tv", code: next } : { name: "table", id: next }));
  }, [next]);
}

/** PlayAgain is the end of a game: the host opens the next table, the same game or another. */
export function PlayAgain({ store, lobby }: { store: TableStore; lobby: Lobby }) {
  const [busy, setBusy] = useState(false);
  const [other, setOther] = useState("");
  useEffect(() => void loadGames(), []);
  const games = gameList.value ?? [];
  const open = async (game: string) => {
    setBusy(true);
    try {
      await api.again(lobby.id, game);
    } catch (e) {
      store.note("error", e instanceof ApiError ? e.message : "The next table could not be opened; try again.");
    } finally {
      setBusy(false);
    }
  };
  if (!lobby.host) {
    return (
      <section class="panel play-again" aria-labelledby="again-h" data-testid="play-again">
        <h2 id="again-h">What next?</h2>
        <p>{lobby.hostName || "The host"} can start another game: this page then takes you to its table.</p>
      </section>
    );
  }
  return (
    <section class="panel play-again" aria-labelledby="again-h" data-testid="play-again">
      <h2 id="again-h">What next?</h2>
      <p class="hint">Everyone here, and the TV, moves to the new table with the same seats and computer players.</p>
      <div class="row">
        <button type="button" class="btn-primary" disabled={busy} onClick={() => open("")} data-testid="again">
          Play again
        </button>
      </div>
      <div class="row">
        <label for="again-game" class="sr-only">
          Another game
        </label>
        <select id="again-game" value={other} onChange={(e) => setOther(e.currentTarget.value)}>
          <option value="">Another game…</option>
          {games
            .filter((g) => g.id !== lobby.game)
            .map((g) => (
              <option key={g.id} value={g.id}>
                {g.name}
              </option>
            ))}
        </select>
        <button type="button" disabled={busy || !other} onClick={() => open(other)} data-testid="again-other">
          Choose this game
        </button>
      </div>
    </section>
  );
}
