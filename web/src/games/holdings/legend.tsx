// Harbor Holdings' icon legend for its rules reference (components/IconLegend),
// drawn with the marks, tokens and owner frames of the game's own board.

import type { LegendEntry } from "../../components/IconLegend";
import { shapePath } from "../../components/SeatBadge";
import { seatColor, seatShape } from "../../format";
import { KIND_MARK } from "./Board";

/** Mark is a space's mark as the board writes it. */
const Mark = ({ text }: { text: string }) => (
  <svg viewBox="0 0 60 36" width={60} height={36} aria-hidden="true">
    <text x={30} y={27} text-anchor="middle" class="space-mark">
      {text}
    </text>
  </svg>
);

const mark = (kind: string, name: string, words: string): LegendEntry => ({ icon: <Mark text={KIND_MARK[kind] ?? ""} />, name, words });
const you = seatColor(0);

export const legend: LegendEntry[] = [
  mark("gate", "Harbor Gate", "the start. Passing it, or stopping on it, pays 200 Coins."),
  mark("dispatch", "Dispatch", "draw the top card of that space's deck and do what it says."),
  mark("utility", "Utility", "Lighthouse Power or Harbor Waterworks: rent 20, or 40 when one owner holds both."),
  mark("levy", "Levy", "pay 100 Coins to the bank."),
  mark("festival", "Festival Square", "stopping here pays 100 Coins."),
  mark("inspection", "Port Inspection", "go straight to Customs House and pay 50 Coins."),
  mark("customs", "Customs House", "a plain corner: nothing happens here."),
  {
    icon: (
      <svg viewBox="-18 -18 36 36" width={36} height={36} aria-hidden="true">
        <path d={shapePath(seatShape(0), 13)} fill="none" stroke="#fff" stroke-width="7" />
        <path d={shapePath(seatShape(0), 13)} fill={you.fill} stroke="#111" stroke-width="2.5" />
      </svg>
    ),
    name: "Token",
    words: "where a player stands, in their color and shape; every player has a shape of their own, so color is never the only sign.",
  },
  {
    icon: (
      <svg viewBox="0 0 40 40" width={40} height={40} aria-hidden="true">
        <rect x="2" y="2" width="36" height="36" rx="4" fill="#fbf8ec" stroke={you.fill} stroke-width="5" />
        <path d={shapePath(seatShape(0), 7)} transform="translate(12 28)" fill={you.fill} stroke="#1b1b1b" stroke-width="1.5" />
      </svg>
    ),
    name: "Owner",
    words: "a space framed in a player's color, with their shape in a corner, is theirs: landing on it costs rent.",
  },
  {
    icon: (
      <svg viewBox="0 0 60 24" width={60} height={24} aria-hidden="true">
        <rect width="60" height="24" fill="#2a6fb0" />
        <text x="30" y="18" text-anchor="middle" class="level" fill="#fff">
          ▲▲▲
        </text>
      </svg>
    ),
    name: "Improvements",
    words:
      "one triangle per level bought for 70 Coins, up to 5, on the color band of a street (on the side rows, the number of levels). Each level raises its rent.",
  },
];
