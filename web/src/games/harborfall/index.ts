// Harborfall's screens (engine: games/harborfall), loaded when a table of it opens.
import type { GameScreens } from "../registry";
import "./harborfall.css";
import { HarborfallPlayer } from "./Player";
import { HarborfallTv } from "./Tv";

export const screens: GameScreens = { Player: HarborfallPlayer, Tv: HarborfallTv };
