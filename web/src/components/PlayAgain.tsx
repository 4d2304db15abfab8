// The next game at the same table of people. PlayAgain is the end of a game:
// the host opens a new table, the same game or another. useFollowNext carries
// every page (to the new lobby) and the TV (to its new TV screen) along once
// the lobby names it (next, nextTV).

import { useEffect, useState } from "preact/hooks";
import { api } from "../api";
import { errorText } from "../i18n/errors";
import { gameList, loadGames } from "../gameList";
import type { Lobby } from "../protocol";
import { go, href } from "../router";
import type { TableStore } from "../state";
import { t } from "../i18n/i18n";

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
      store.note("error", errorText(e, "frame.againFailed"));
    } finally {
      setBusy(false);
    }
  };
  if (!lobby.host) {
    return (
      <section class="panel play-again" aria-labelledby="again-h" data-testid="play-again">
        <h2 id="again-h">{t("frame.whatNext")}</h2>
        <p>{t("frame.hostCanStart", { host: lobby.hostName || t("frame.theHost") })}</p>
      </section>
    );
  }
  return (
    <section class="panel play-again" aria-labelledby="again-h" data-testid="play-again">
      <h2 id="again-h">{t("frame.whatNext")}</h2>
      <p class="hint">{t("frame.againHelp")}</p>
      <div class="row">
        <button type="button" class="btn-primary" disabled={busy} onClick={() => open("")} data-testid="again">
          {t("frame.again")}
        </button>
      </div>
      <div class="row">
        <label for="again-game" class="sr-only">
          {t("frame.anotherGame")}
        </label>
        <select id="again-game" value={other} onChange={(e) => setOther(e.currentTarget.value)}>
          <option value="">{t("frame.anotherGameMenu")}</option>
          {games
            .filter((g) => g.id !== lobby.game)
            .map((g) => (
              <option key={g.id} value={g.id}>
                {g.name}
              </option>
            ))}
        </select>
        <button type="button" disabled={busy || !other} onClick={() => open(other)} data-testid="again-other">
          {t("frame.chooseGame")}
        </button>
      </div>
    </section>
  );
}
