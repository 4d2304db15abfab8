// Harbor Holdings' screens (engine: games/holdings), loaded when a table of it opens.
import type { GameScreens } from "../registry";
import { HoldingsPlayer } from "./Player";
import { HoldingsTv } from "./Tv";

export const screens: GameScreens = { Player: HoldingsPlayer, Tv: HoldingsTv };
