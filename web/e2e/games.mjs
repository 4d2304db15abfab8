// The games a browser scenario covers: every game the server registers that
// has screens here. A scenario that needs something of each game (how a
// person moves in it, the options of a short game) keeps it in a table by
// game id, and everyGame fails, naming the game, when the table lacks a
// registered game, so a new game cannot pass the scenario unchecked.

import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { fail, log, webDir } from "./lib.mjs";

const gamesDir = join(webDir, "src", "games");

/** screenIds lists the games with play screens: the folders of src/games with an index.ts, as src/games/registry.ts finds them. */
export const screenIds = () =>
  readdirSync(gamesDir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(gamesDir, d.name, "index.ts")))
    .map((d) => d.name)
    .sort();

/**
 * everyGame returns, for each game the server at base registers (in its
 * order), the scenario's entry for it with the game's id and name. A game
 * without screens (one for tests only) is passed by, saying so; a game
 * with screens that has no entry in entries, or an entry for a game the
 * server does not register, fails the scenario. A scenario that needs
 * nothing of a game passes no entries (null) and covers every game with
 * screens. only, when not empty, keeps just those game ids (a scenario's
 * environment variable, while working on one game).
 */
export async function everyGame(base, scenario, entries, only = []) {
  const res = await fetch(`${base}/api/games`);
  if (!res.ok) fail(`the server's game list: ${res.status}`);
  const games = await res.json();
  const screens = new Set(screenIds());
  const out = [];
  for (const g of games) {
    if (!screens.has(g.id)) {
      log(`${scenario}: ${g.id} has no screens here, so it is not checked`);
      continue;
    }
    const entry = entries ? entries[g.id] : {};
    if (!entry) fail(`${scenario} has no entry for ${g.id} (${g.name}): add one to its table of games`);
    if (only.length === 0 || only.includes(g.id)) out.push({ ...entry, id: g.id, name: g.name, info: g });
  }
  const registered = new Set(games.map((g) => g.id));
  for (const id of Object.keys(entries ?? {})) if (!registered.has(id)) fail(`${scenario} has an entry for ${id}, a game the server does not register`);
  return out;
}

/** onlyGames reads a comma-separated list of game ids from the environment variable name (empty: every game). */
export const onlyGames = (name) => (process.env[name] ?? "").split(",").filter(Boolean);
