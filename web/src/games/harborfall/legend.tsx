// Harborfall's icon legend for its rules reference (components/IconLegend),
// drawn with the terrain swatches, number tokens, pieces and robber of the
// game's own board.

import { useState } from "preact/hooks";
import type { LegendEntry } from "../../components/IconLegend";
import { type MessageId, t } from "../../i18n/i18n";
import "./harborfall.css";
import { Piece, ResourceIcon, ResourceIcons, Robber, Token } from "./Board";
import { SIDE } from "./geometry";
import { resourceName } from "./view";

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

/** entry is a legend entry whose name and words are read in the reader's language each time the legend draws; res names a terrain's resource. */
const entry = (icon: preact.ComponentChildren, name: MessageId, words: MessageId, res = -1): LegendEntry => ({
  icon,
  get name() {
    return t(name);
  },
  get words() {
    return t(words, { res: res >= 0 ? resourceName(res) : "" });
  },
});

const TERRAINS: [MessageId, MessageId][] = [
  ["harborfall.legend.hill", "harborfall.legend.gives"],
  ["harborfall.legend.forest", "harborfall.legend.gives"],
  ["harborfall.legend.pasture", "harborfall.legend.gives"],
  ["harborfall.legend.field", "harborfall.legend.gives"],
  ["harborfall.legend.mountain", "harborfall.legend.gives"],
  ["harborfall.legend.desert", "harborfall.legend.desert_words"],
];
const T = SIDE * 0.32;

export const legend: LegendEntry[] = [
  ...TERRAINS.map(([name, words], k) => entry(<Swatch t={k} define={k === 0} />, name, words, k)),
  entry(
    <Pic r={T}>
      <Token n={4} x={0} y={0} />
    </Pic>,
    "harborfall.legend.token",
    "harborfall.legend.token_words",
  ),
  entry(
    <Pic r={T}>
      <Token n={8} x={0} y={0} />
    </Pic>,
    "harborfall.legend.hot",
    "harborfall.legend.hot_words",
  ),
  entry(
    <Pic r={16}>
      <Piece seat={0} city={false} x={0} y={0} />
    </Pic>,
    "harborfall.legend.settlement",
    "harborfall.legend.settlement_words",
  ),
  entry(
    <Pic r={16}>
      <Piece seat={0} city x={0} y={0} />
    </Pic>,
    "harborfall.legend.city",
    "harborfall.legend.city_words",
  ),
  entry(
    <Pic r={18}>
      <Robber x={0} y={-2} />
    </Pic>,
    "harborfall.legend.robber",
    "harborfall.legend.robber_words",
  ),
  entry(<strong>3:1</strong>, "harborfall.legend.harbor3", "harborfall.legend.harbor3_words"),
  entry(
    <>
      <ResourceIcon r={1} size={18} /> <strong>2:1</strong>
    </>,
    "harborfall.legend.harbor2",
    "harborfall.legend.harbor2_words",
  ),
];
