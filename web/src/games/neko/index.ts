// Neko Harbour's screens (engine: games/neko), loaded when a table of it opens.
import type { GameScreens } from "../registry";
import "./neko.css";
import { NekoPlayerScreen } from "./Player";
import { NekoTv } from "./Tv";

export const screens: GameScreens = { Player: NekoPlayerScreen, Tv: NekoTv };
