// Neko Harbour's icon legend for its rules reference (components/IconLegend),
// drawn with the icons and marks of the game's own screens.

import type { LegendEntry } from "../../components/IconLegend";
import "./neko.css";
import { Icon } from "./Cards";
import { KIND_MARKS, KIND_NAMES } from "./cards";

const res = (name: string, title: string, words: string): LegendEntry => ({ icon: <Icon name={name} />, name: title, words });

const KIND_WORDS: Record<string, string> = {
  PO: "its column gives licences to spend in its moment.",
  ST: "a town card; in period 2 some let you keep more cards at the end of a turn.",
  SY: "a shipyard card; in period 2 one scores a point per ship in game.",
  SV: "its column gives fuel to spend in its moment.",
  TC: "its column gives coins to spend in its moment.",
  RS: "all research stations share one column and change what you gain once per turn.",
  FB: "with the fishing boat module: a boat taken after a scoring and placed as a column.",
};

export const legend: LegendEntry[] = [
  res("fish", "Fish", "a card in your supply; it pays for coins or fuel you lack, and a tuck earns 2."),
  res("goods", "Goods", "a card in your supply worth 1 point at the end."),
  res("licence", "Licence", "pays to raise your harbour and your ships; a Permit Office column gives them."),
  res("penguin", "Penguin", "worth 2 points at the end."),
  res("captain", "Captain", "raises a column's hub by 2 where it is spent; one kept is worth 1 point."),
  res("vp", "Point card", "worth 1 point at the end."),
  res("coin", "Coin", "buys ships (2 a level) and licence cards (3); a Tourist Center column gives them."),
  res("fuel", "Fuel", "moves a ship one step along your line; a Supply Vessel column gives it."),
  ...Object.keys(KIND_MARKS).map((k) => ({
    icon: (
      <span class="nk-mark" style={{ fontSize: "1.4rem" }}>
        {KIND_MARKS[k]}
      </span>
    ),
    name: KIND_NAMES[k] ?? k,
    words: `the mark of the kind on its cards and columns: ${KIND_WORDS[k] ?? ""}`,
  })),
  {
    icon: <span style={{ fontSize: "1.4rem" }}>⚓</span>,
    name: "Harbour",
    words: "the start of your line, at levels 1 to 5; a higher level opens better hub rewards.",
  },
  {
    icon: (
      <span class="nk-ship">
        <span>⎈</span> <span>L2</span>
      </span>
    ),
    name: "Ship",
    words: "one of your ships and its level (L1 to L6), on the harbour, a column or an attraction.",
  },
  {
    icon: (
      <span class="nk-ship nk-ghost">
        <span>☁</span> <span>ghost</span>
      </span>
    ),
    name: "Ghost ship",
    words: "with the ghost ship option: level 0, 2 fuel a step; on the last column when a period ends it scores 8.",
  },
  {
    icon: <span class="nk-dots">●●</span>,
    name: "Dots",
    words: "the fewest players a card is used with: ●● two or more, ●●● three or four, ●●●● four.",
  },
];
