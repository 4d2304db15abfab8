import { useEffect, useState } from "preact/hooks";
import { LoadingGame } from "../components/Loading";
import type { TableStore } from "../state";
import { hasScreens, loadScreens, type GameScreens } from "./registry";

/**
 * GameScreen shows a game's Player or Tv screen for a table, loading the
 * game's chunk on first use. A game without screens, or a chunk that cannot be
 * fetched, shows `fallback`/a plain message instead.
 */
export function GameScreen({
  game,
  which,
  store,
  fallback,
}: {
  game: string;
  which: keyof GameScreens;
  store: TableStore;
  fallback: preact.ComponentChildren;
}) {
  const [screens, setScreens] = useState<GameScreens | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!hasScreens(game)) return;
    let live = true;
    setFailed(false);
    loadScreens(game).then(
      (s) => live && setScreens(s),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [game]);
  if (!hasScreens(game)) return <>{fallback}</>;
  if (failed)
    return (
      <p class="page error" role="alert">
        The game's screen could not be loaded. Reload the page to try again.
      </p>
    );
  if (!screens) return <LoadingGame tv={which === "Tv"} />;
  const Screen = screens[which];
  return <Screen store={store} />;
}
