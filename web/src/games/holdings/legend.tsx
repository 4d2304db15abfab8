// Harbor Holdings' icon legend for its rules reference (components/IconLegend),
// drawn with the marks, tokens and owner frames of the game's own board.

import type { LegendEntry } from "../../components/IconLegend";
import { shapePath } from "../../components/SeatBadge";
import { seatColor, seatShape } from "../../format";
import { t } from "../../i18n/i18n";
import { kindMark } from "./Board";

/** Mark is the mark of a space of kind as the board writes it, in the language of the moment it is drawn. */
const Mark = ({ kind }: { kind: string }) => (
  <svg viewBox="0 0 60 36" width={60} height={36} aria-hidden="true">
    <text x={30} y={27} text-anchor="middle" class="space-mark">
      {kindMark(kind)}
    </text>
  </svg>
);

/**
 * entry is a legend entry whose name and words are read from the catalog
 * each time they are shown, so they follow the reader's language.
 */
const entry = (icon: LegendEntry["icon"], key: string): LegendEntry => ({
  icon,
  get name() {
    return t(`holdings.legend.${key}.name`);
  },
  get words() {
    return t(`holdings.legend.${key}.words`);
  },
});

const mark = (kind: string) => entry(<Mark kind={kind} />, kind);
const you = seatColor(0);

export const legend: LegendEntry[] = [
  mark("gate"),
  mark("dispatch"),
  mark("utility"),
  mark("levy"),
  mark("festival"),
  mark("inspection"),
  mark("customs"),
  entry(
    <svg viewBox="-18 -18 36 36" width={36} height={36} aria-hidden="true">
      <path d={shapePath(seatShape(0), 13)} fill="none" stroke="#fff" stroke-width="7" />
      <path d={shapePath(seatShape(0), 13)} fill={you.fill} stroke="#111" stroke-width="2.5" />
    </svg>,
    "token",
  ),
  entry(
    <svg viewBox="0 0 40 40" width={40} height={40} aria-hidden="true">
      <rect x="2" y="2" width="36" height="36" rx="4" fill="#fbf8ec" stroke={you.fill} stroke-width="5" />
      <path d={shapePath(seatShape(0), 7)} transform="translate(12,28)" fill={you.fill} stroke="#1b1b1b" stroke-width="1.5" />
    </svg>,
    "owner",
  ),
  entry(
    <svg viewBox="0 0 60 24" width={60} height={24} aria-hidden="true">
      <rect width="60" height="24" fill="#2a6fb0" />
      <text x="30" y="18" text-anchor="middle" class="level" fill="#fff">
        ▲▲▲
      </text>
    </svg>,
    "improvements",
  ),
];
