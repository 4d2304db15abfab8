// The Great Harbor's icon legend for its rules reference (components/IconLegend),
// drawn with the icons of the game's own screens.

import type { LegendEntry } from "../../components/IconLegend";
import "./greatharbor.css";
import { COLOUR_MARKS, DieChip, Icon, type IconName } from "./icons";

const icon = (name: IconName, title: string, words: string): LegendEntry => ({ icon: <Icon name={name} size={30} label={false} />, name: title, words });
const BASIC = "a basic resource. Its track on your colony board holds at most 5; a gain past that turns into 1 Prestige.";
const LUXURY = "a luxury, made by two free Colonists on your production tile of that kind. A ship can sell one where a demand tile asks for it.";
const COLOURS = ["Red", "Yellow", "Blue", "Purple"];

export const legend: LegendEntry[] = [
  icon("planks", "Planks", BASIC),
  icon("rope", "Rope", BASIC),
  icon("metal", "Metal", BASIC),
  icon("sails", "Sails", BASIC),
  icon("wine", "Wine", LUXURY),
  icon("dyes", "Dyes", LUXURY),
  icon("marble", "Marble", LUXURY),
  icon("amphorae", "Amphorae", LUXURY),
  icon("luxury", "Any luxury", "one luxury of whichever kind you choose."),
  icon("coins", "Coins", "money for cards and other costs; at the end it settles a tie in Prestige."),
  icon("prestige", "Prestige", "points. Whoever has the most after the fifth round wins."),
  icon("favor", "Favor", "spent for an extra pip on a drafted die, an Activation marker back, or a step on the Senate track."),
  icon("colonist", "Colonist", "a person living in your housing. Free ones crew ships, make luxuries and work in buildings."),
  icon("smuggler", "Smuggler token", "spend one to skip a tile's Shore Fee in one placement; every token kept scores 1 at the end."),
  icon("ship", "Ship", "a Ship card in one of your docks: it sails on the voyage with its Speed, Strength and Cargo."),
  icon("person", "Person card", "a card you activate for its effect; some work only during the voyage."),
  icon("building", "Building card", "a card you employ once a round for its effect, or one that simply gives Prestige."),
  icon("card", "Card", "a card of any kind, such as one drawn from a display."),
  icon("die", "Die", "a drafted die: its color says which slots it fits, its face how many pips it shares out."),
  icon("pirate", "Pirates", "the card met in a segment of the voyage. A ship at least as strong trades there; a weaker one takes Damage and turns back."),
  icon("shop", "Shop", "with the Harbor Shops option: set on a tile corner, it adds a pip to dice placed beside it and pays its owner a resource."),
  icon("anchor", "Anchor", "its holder drafts first and goes first among equal totals. It passes to the left every turn."),
  ...COLOURS.map((c, i) => ({
    icon: <DieChip colour={i} face={3} size={34} />,
    name: `${c} die ${COLOUR_MARKS[i]}`,
    words: `its corner carries the mark ${COLOUR_MARKS[i]}, so the color is never the only sign. It fits a slot with a ${c.toLowerCase()} side.`,
  })),
];
