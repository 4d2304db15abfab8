// The Great Harbor's screens (engine: games/greatharbor), loaded when a table of it opens.
import type { GameScreens } from "../registry";
import "./greatharbor.css";
import { GreatHarborPlayer } from "./Player";
import { GreatHarborTv } from "./Tv";

export const screens: GameScreens = { Player: GreatHarborPlayer, Tv: GreatHarborTv };
