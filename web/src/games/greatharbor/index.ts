// The Great Harbor's screens (engine: games/greatharbor), loaded when a table of it opens.
import { h } from "preact";
import type { TableStore } from "../../state";
import type { GameScreens } from "../registry";
import "./greatharbor.css";
import { OnTv } from "./Card";
import { GreatHarborPlayer } from "./Player";
import { GreatHarborTv } from "./Tv";

/** On the TV every card is drawn as its face alone. */
const Tv = (props: { store: TableStore }) => h(OnTv.Provider, { value: true }, h(GreatHarborTv, props));

export const screens: GameScreens = { Player: GreatHarborPlayer, Tv };
