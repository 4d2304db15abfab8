// Harborfall's icon legend for its rules reference (components/IconLegend),
// drawn with the terrain swatches, number tokens, pieces and robber of the
// game's own board.

import { useState } from "preact/hooks";
import type { LegendEntry } from "../../components/IconLegend";
import "./harborfall.css";
import { Piece, ResourceIcon, ResourceIcons, Robber, Token } from "./Board";
import { SIDE } from "./geometry";

/** Swatch is a terrain's swatch; the first one defines the swatches when the page has none yet (a home page). */
function Swatch({ t, define }: { t: number; define?: boolean }) {
  const [need] = useState(() => !!define && !document.getElementById("hf-icon-0"));
  return (
    <>
      {need ? <ResourceIcons /> : null}
      <ResourceIcon r={t} size={30} />
    </>
  );
}

/** Pic is a piece of the board in a small picture of its own. */
const Pic = ({ r, children }: { r: number; children: preact.ComponentChildren }) => (
  <svg viewBox={`${-r} ${-r} ${2 * r} ${2 * r}`} width={36} height={36} aria-hidden="true">
    {children}
  </svg>
);

const TERRAINS: [string, string][] = [
  ["Hill", "gives brick when its number is rolled."],
  ["Forest", "gives lumber when its number is rolled."],
  ["Pasture", "gives wool when its number is rolled."],
  ["Field", "gives grain when its number is rolled."],
  ["Mountain", "gives ore when its number is rolled."],
  ["Desert", "gives nothing; the robber starts here."],
];
const T = SIDE * 0.32;

export const legend: LegendEntry[] = [
  ...TERRAINS.map(([name, words], t) => ({ icon: <Swatch t={t} define={t === 0} />, name, words: `a terrain with its own pattern: ${words}` })),
  {
    icon: (
      <Pic r={T}>
        <Token n={4} x={0} y={0} />
      </Pic>
    ),
    name: "Number token",
    words: "the roll that makes its hex produce. The dots count the ways two dice make it: the more dots, the more often.",
  },
  {
    icon: (
      <Pic r={T}>
        <Token n={8} x={0} y={0} />
      </Pic>
    ),
    name: "6 or 8",
    words: "red and bold: after 7, the most likely rolls.",
  },
  {
    icon: (
      <Pic r={16}>
        <Piece seat={0} city={false} x={0} y={0} />
      </Pic>
    ),
    name: "Settlement",
    words: "in its owner's color and shape, on a corner: 1 point, and 1 card from each hex around it when its number comes up.",
  },
  {
    icon: (
      <Pic r={16}>
        <Piece seat={0} city x={0} y={0} />
      </Pic>
    ),
    name: "City",
    words: "a settlement made bigger: 2 points, and 2 cards from each hex around it.",
  },
  {
    icon: (
      <Pic r={18}>
        <Robber x={0} y={-2} />
      </Pic>
    ),
    name: "Robber",
    words: "its hex produces nothing while it stands there. A 7 or a move-and-steal card sends it elsewhere.",
  },
  {
    icon: <strong>3:1</strong>,
    name: "Harbor 3:1",
    words: "a settlement or city on either of its corners lets you trade 3 of one resource for any 1.",
  },
  {
    icon: (
      <>
        <ResourceIcon r={1} size={18} /> <strong>2:1</strong>
      </>
    ),
    name: "Harbor 2:1",
    words: "the same, 2 of the resource its swatch shows for any 1.",
  },
];
