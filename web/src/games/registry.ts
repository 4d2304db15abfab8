// The registry of game screens. Each game's screens live in their own folder,
// web/src/games/<id>/, mirroring the engine package games/<id>/, and export
// their screens from index.ts. Vite turns every folder's index.ts into a
// separate chunk that is fetched only when a table of that game opens, so the
// first page never carries a game's code. Adding a game's screens is adding
// its folder: nothing here names a game.

import type { ComponentType } from "preact";
import type { TableStore } from "../state";

/** GameScreens is what a game's folder exports as `screens` from its index.ts. */
export interface GameScreens {
  /** Player is the play screen from the viewer's own seat (or a spectator's). */
  Player: ComponentType<{ store: TableStore }>;
  /** Tv is the public screen for a living-room TV at 1920 × 1080. */
  Tv: ComponentType<{ store: TableStore }>;
}

type Loader = () => Promise<{ screens: GameScreens }>;

const folders = import.meta.glob<{ screens: GameScreens }>("./*/index.ts");

const loaders: Record<string, Loader> = {};
for (const [path, load] of Object.entries(folders)) {
  const id = /^\.\/([^/]+)\/index\.ts$/.exec(path)?.[1];
  if (id) loaders[id] = load;
}

/** hasScreens says whether this front end has play screens for a game id. */
export function hasScreens(id: string): boolean {
  return id in loaders;
}

/** screenIds lists the games that have play screens, sorted. */
export function screenIds(): string[] {
  return Object.keys(loaders).sort();
}

const loaded = new Map<string, Promise<GameScreens>>();

/** loadScreens fetches a game's screens once (its chunk) and keeps them. */
export function loadScreens(id: string): Promise<GameScreens> {
  const load = loaders[id];
  if (!load) return Promise.reject(new Error(`no screens for the game ${id}`));
  let p = loaded.get(id);
  if (!p) {
    p = load().then((m) => m.screens);
    p.catch(() => loaded.delete(id));
    loaded.set(id, p);
  }
  return p;
}
