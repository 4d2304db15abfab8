// The server's list of games (GET /api/games), fetched once on first use and
// kept in a signal: the home page's choices, a lobby's game name and the
// "play again" picker all read it.

import { signal } from "@preact/signals";
import { api, type GameInfo } from "./api";

/** gameList is the server's game list, loaded once on first use. */
export const gameList = signal<GameInfo[] | null>(null);
let loading: Promise<void> | null = null;

export function loadGames(): Promise<void> {
  loading ??= api.games().then(
    (g) => {
      gameList.value = g;
    },
    () => {
      loading = null;
    },
  );
  return loading;
}

export function gameInfo(id: string): GameInfo | undefined {
  if (gameList.value === null) void loadGames();
  return gameList.value?.find((g) => g.id === id);
}
