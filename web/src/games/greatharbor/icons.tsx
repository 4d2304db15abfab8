// The Great Harbor's own icons, drawn here as small SVGs on a 24×24 grid and
// used by every screen of the game and its quick reference. Each icon carries
// its name for screen readers unless it sits beside the same word.

import type { ComponentChildren } from "preact";
import { t } from "../../i18n/i18n";
import type { Gain } from "./content";

export type IconName =
  | "planks"
  | "rope"
  | "metal"
  | "sails"
  | "wine"
  | "dyes"
  | "marble"
  | "amphorae"
  | "coins"
  | "prestige"
  | "favor"
  | "colonist"
  | "smuggler"
  | "ship"
  | "person"
  | "building"
  | "card"
  | "die"
  | "pirate"
  | "shop"
  | "anchor"
  | "luxury";

/** title is an icon's spoken name: "Planks". */
const title = (name: IconName) => t(`greatharbor.ui.icon.${name}`);

const DRAW: Record<IconName, ComponentChildren> = {
  planks: (
    <g stroke="#5a3a1a" stroke-width="1.2">
      <rect x="3" y="5" width="18" height="4" rx="1" fill="#c8924f" />
      <rect x="3" y="10" width="18" height="4" rx="1" fill="#b57b3c" />
      <rect x="3" y="15" width="18" height="4" rx="1" fill="#c8924f" />
    </g>
  ),
  rope: (
    <g fill="none" stroke="#a57f3b" stroke-width="2.4" stroke-linecap="round">
      <circle cx="12" cy="12" r="8" />
      <circle cx="12" cy="12" r="4.5" />
      <path d="M12 12h9" />
    </g>
  ),
  metal: (
    <g stroke="#384350" stroke-width="1.2">
      <path d="M4 16l3-6h10l3 6z" fill="#8d9aa8" />
      <path d="M7 10l2-4h6l2 4z" fill="#b4c0cc" />
    </g>
  ),
  sails: (
    <g stroke="#3b4a5c" stroke-width="1.2">
      <path d="M11 3v17" />
      <path d="M11 4c5 3 7 8 7 13h-7z" fill="#f4f0e3" />
      <path d="M10 6c-3 3-5 7-5 11h5z" fill="#e2dccb" />
      <path d="M5 20h14" stroke-width="2" />
    </g>
  ),
  wine: (
    <g stroke="#4a1230" stroke-width="1.2">
      <path d="M7 3h10l-1 7a4 4 0 0 1-8 0z" fill="#8e1f52" />
      <path d="M12 14v5M8 20h8" fill="none" stroke-width="1.8" />
    </g>
  ),
  dyes: (
    <g stroke="#2f1b4a" stroke-width="1.2">
      <path d="M12 3c4 6 6 9 6 12a6 6 0 0 1-12 0c0-3 2-6 6-12z" fill="#7b3fb8" />
      <circle cx="10" cy="15" r="1.6" fill="#c9a8ef" stroke="none" />
    </g>
  ),
  marble: (
    <g stroke="#6b6b6b" stroke-width="1.2">
      <path d="M4 8l8-4 8 4v10l-8 3-8-3z" fill="#f1eee8" />
      <path d="M4 8l8 3 8-3M12 11v10" fill="none" />
      <path d="M6 12c2 1 3 3 4 6" fill="none" stroke="#b0aaa0" />
    </g>
  ),
  amphorae: (
    <g stroke="#6a3414" stroke-width="1.2">
      <path d="M10 3h4v2c3 2 4 5 4 8s-2 6-6 8c-4-2-6-5-6-8s1-6 4-8z" fill="#c8672f" />
      <path d="M10 6c-3 0-4 2-3 4M14 6c3 0 4 2 3 4" fill="none" />
    </g>
  ),
  coins: (
    <g stroke="#7a5a00" stroke-width="1.2">
      <ellipse cx="12" cy="16" rx="8" ry="3.5" fill="#d9a924" />
      <ellipse cx="12" cy="12" rx="8" ry="3.5" fill="#e8bd3a" />
      <ellipse cx="12" cy="8" rx="8" ry="3.5" fill="#f5d25e" />
    </g>
  ),
  prestige: (
    <g stroke="#1f5c2c" stroke-width="1.2" fill="#3f9b52">
      <path d="M12 21c-6-3-8-9-7-15 2 3 4 4 7 5z" />
      <path d="M12 21c6-3 8-9 7-15-2 3-4 4-7 5z" />
      <circle cx="12" cy="6" r="2.5" fill="#f2c94c" />
    </g>
  ),
  favor: (
    <g stroke="#7a1d1d" stroke-width="1.2">
      <path d="M12 20l-7-7a4.5 4.5 0 0 1 7-5.5A4.5 4.5 0 0 1 19 13z" fill="#d8434b" />
    </g>
  ),
  colonist: (
    <g stroke="#2a2a2a" stroke-width="1.2" fill="#e9d8b4">
      <circle cx="12" cy="7" r="3.5" />
      <path d="M5 21c0-5 3-8 7-8s7 3 7 8z" />
    </g>
  ),
  smuggler: (
    <g stroke="#1b1b1b" stroke-width="1.2">
      <circle cx="12" cy="12" r="9" fill="#3a3a3a" />
      <path d="M6 10c2-2 4-2 6 0 2-2 4-2 6 0-2 3-4 3-6 1-2 2-4 2-6-1z" fill="#f2f2f2" />
    </g>
  ),
  ship: (
    <g stroke="#22313f" stroke-width="1.2">
      <path d="M3 15h18l-3 5H6z" fill="#8a5a2b" />
      <path d="M12 3v12" />
      <path d="M12 4l6 9h-6z" fill="#f4f0e3" />
    </g>
  ),
  person: (
    <g stroke="#2a2a2a" stroke-width="1.2">
      <rect x="5" y="3" width="14" height="18" rx="2" fill="#f6ecd6" />
      <circle cx="12" cy="9" r="2.6" fill="#8c6a3c" />
      <path d="M8 17c0-3 2-4.5 4-4.5s4 1.5 4 4.5z" fill="#8c6a3c" />
    </g>
  ),
  building: (
    <g stroke="#2a2a2a" stroke-width="1.2">
      <rect x="5" y="3" width="14" height="18" rx="2" fill="#f6ecd6" />
      <path d="m8,11l4-4,4,4zm.5,0v6m3.5-6v6m3.5-6v6m-8,.5h9" fill="none" />
    </g>
  ),
  card: (
    <g stroke="#2a2a2a" stroke-width="1.2">
      <rect x="6" y="3" width="13" height="17" rx="2" fill="#e7dcc3" transform="rotate(8,12,12)" />
      <rect x="5" y="4" width="13" height="17" rx="2" fill="#f6ecd6" />
    </g>
  ),
  die: (
    <g stroke="#222" stroke-width="1.2">
      <rect x="4" y="4" width="16" height="16" rx="3" fill="#fff" />
      <circle cx="8.5" cy="8.5" r="1.5" fill="#222" />
      <circle cx="12" cy="12" r="1.5" fill="#222" />
      <circle cx="15.5" cy="15.5" r="1.5" fill="#222" />
    </g>
  ),
  pirate: (
    <g stroke="#111" stroke-width="1.2">
      <path d="M5 11a7 7 0 0 1 14 0v4l-2 2v3H7v-3l-2-2z" fill="#eee" />
      <circle cx="9.5" cy="12" r="2" fill="#111" />
      <circle cx="14.5" cy="12" r="2" fill="#111" />
    </g>
  ),
  shop: (
    <g stroke="#2a2a2a" stroke-width="1.2">
      <path d="M4 10l8-6 8 6v10H4z" fill="#f0d9a8" />
      <path d="M4 10h16" />
      <rect x="10" y="14" width="4" height="6" fill="#8a5a2b" />
    </g>
  ),
  anchor: (
    <g fill="none" stroke="#1d3557" stroke-width="2" stroke-linecap="round">
      <circle cx="12" cy="5" r="2" />
      <path d="M12 7v13M7 11h10M5 15c1 3 4 5 7 5s6-2 7-5" />
    </g>
  ),
  luxury: (
    <g stroke="#5a3a1a" stroke-width="1.2">
      <rect x="4" y="7" width="16" height="12" rx="1.5" fill="#d6a74d" />
      <path d="M4 11h16M12 7v12" fill="none" />
    </g>
  ),
};

/** Icon draws one of the game's icons; label gives it a spoken name (omit when a visible word says it). */
export function Icon({ name, size = 22, label }: { name: IconName; size?: number; label?: string | false }) {
  const spoken = label === false ? undefined : (label ?? title(name));
  return (
    <svg
      class="gh-icon"
      viewBox="0 0 24 24"
      width={size}
      height={size}
      role={spoken ? "img" : undefined}
      aria-label={spoken}
      aria-hidden={spoken ? undefined : "true"}
      data-icon={name}
    >
      {spoken ? <title>{spoken}</title> : null}
      {DRAW[name]}
    </svg>
  );
}

export const RES_ICONS: IconName[] = ["planks", "rope", "metal", "sails"];
export const LUX_ICONS: IconName[] = ["wine", "dyes", "marble", "amphorae"];

/** Amount shows "3 ×icon": a number and what it counts. */
export function Amount({ n, icon, label }: { n: number; icon: IconName; label?: string }) {
  return (
    <span class="gh-amount" role="img" aria-label={label ?? t("greatharbor.ui.amount", { n, what: title(icon) })}>
      <span aria-hidden="true">{n}</span>
      <Icon name={icon} size={18} label={false} />
    </span>
  );
}

/** GainIcons shows what a Gain pays as icons with counts. */
export function GainIcons({ gain, colourRes }: { gain: Gain; colourRes?: number }) {
  const items: preact.JSX.Element[] = [];
  gain.res.forEach((k, r) => k > 0 && items.push(<Amount key={`r${r}`} n={k} icon={RES_ICONS[r]!} />));
  if (gain.diceResource > 0)
    items.push(
      colourRes !== undefined ? (
        <Amount key="dr" n={gain.diceResource} icon={RES_ICONS[colourRes]!} />
      ) : (
        <Amount key="dr" n={gain.diceResource} icon="die" label={t("greatharbor.ui.gain.dice_resource", { n: gain.diceResource })} />
      ),
    );
  if (gain.colonists) items.push(<Amount key="c" n={gain.colonists} icon="colonist" label={t("greatharbor.ui.gain.colonists", { n: gain.colonists })} />);
  if (gain.favor) items.push(<Amount key="f" n={gain.favor} icon="favor" />);
  if (gain.coins) items.push(<Amount key="co" n={gain.coins} icon="coins" />);
  if (gain.prestige) items.push(<Amount key="p" n={gain.prestige} icon="prestige" />);
  if (gain.smuggler) items.push(<Amount key="s" n={gain.smuggler} icon="smuggler" label={t("greatharbor.ui.gain.smuggler", { n: gain.smuggler })} />);
  if (gain.buildingDeck)
    items.push(<Amount key="bd" n={gain.buildingDeck} icon="building" label={t("greatharbor.ui.gain.building_deck", { n: gain.buildingDeck })} />);
  if (gain.buildingDisplay)
    items.push(
      <span key="bx" class="gh-amount" role="img" aria-label={t("greatharbor.ui.gain.building_display", { n: gain.buildingDisplay })}>
        <span aria-hidden="true">{gain.buildingDisplay}</span>
        <Icon name="building" size={18} label={false} />
        <small aria-hidden="true">{t("greatharbor.ui.icon.shown")}</small>
      </span>,
    );
  if (gain.personDeck) items.push(<Amount key="pd" n={gain.personDeck} icon="person" label={t("greatharbor.ui.gain.person_deck", { n: gain.personDeck })} />);
  if (gain.personDisplay)
    items.push(
      <span key="px" class="gh-amount" role="img" aria-label={t("greatharbor.ui.gain.person_display", { n: gain.personDisplay })}>
        <span aria-hidden="true">{gain.personDisplay}</span>
        <Icon name="person" size={18} label={false} />
        <small aria-hidden="true">{t("greatharbor.ui.icon.shown")}</small>
      </span>,
    );
  if (gain.ship)
    items.push(
      <span key="sh" class="gh-amount" role="img" aria-label={t(`greatharbor.ui.gain.ship_${gain.ship}`)}>
        <Icon name="ship" size={18} label={false} />
        <small aria-hidden="true">{t(`greatharbor.ui.icon.size_${gain.ship}`)}</small>
      </span>,
    );
  if (gain.luxury) items.push(<Amount key="l" n={gain.luxury} icon="luxury" label={t("greatharbor.ui.gain.luxury", { n: gain.luxury })} />);
  if (gain.card) items.push(<Amount key="cd" n={gain.card} icon="card" label={t("greatharbor.ui.gain.card", { n: gain.card })} />);
  return <span class="gh-gain">{items}</span>;
}

/** The mark each die color carries besides its color: a shape, so color is never the only signal. */
export const COLOUR_MARKS = ["▲", "●", "■", "◆"];
export const COLOUR_FILLS = ["#c0392b", "#e0b000", "#2a6fb0", "#7d3c98"];
export const COLOUR_INKS = ["#fff", "#1a1a1a", "#fff", "#fff"];

const PIPS: Record<number, [number, number][]> = {
  1: [[0, 0]],
  2: [
    [-1, -1],
    [1, 1],
  ],
  3: [
    [-1, -1],
    [0, 0],
    [1, 1],
  ],
  4: [
    [-1, -1],
    [1, -1],
    [-1, 1],
    [1, 1],
  ],
  5: [
    [-1, -1],
    [1, -1],
    [0, 0],
    [-1, 1],
    [1, 1],
  ],
  6: [
    [-1, -1],
    [1, -1],
    [-1, 0],
    [1, 0],
    [-1, 1],
    [1, 1],
  ],
};

/**
 * MarkShape draws a color's mark (▲ ● ■ ◆) as a shape of side m centered at
 * (x, y), in place of the glyph where a glyph would be drawn too small to read
 * as text (the TV draws marks this way: CSS shows one or the other).
 */
export function MarkShape({
  colour,
  x,
  y,
  m,
  fill = "#111",
  stroke,
  strokeWidth = 0,
}: {
  colour: number;
  x: number;
  y: number;
  m: number;
  fill?: string;
  stroke?: string;
  strokeWidth?: number;
}) {
  const h = m / 2;
  const paint = { fill, stroke, "stroke-width": strokeWidth, "paint-order": "stroke", class: "gh-mark-shape", "aria-hidden": "true" } as const;
  switch (colour) {
    case 0:
      return <path d={`M${x} ${y - h}L${x + h} ${y + h * 0.75}L${x - h} ${y + h * 0.75}Z`} {...paint} />;
    case 1:
      return <circle cx={x} cy={y} r={h * 0.85} {...paint} />;
    case 2:
      return <rect x={x - h * 0.8} y={y - h * 0.8} width={m * 0.8} height={m * 0.8} {...paint} />;
    default:
      return <path d={`M${x} ${y - h}L${x + h * 0.8} ${y}L${x} ${y + h}L${x - h * 0.8} ${y}Z`} {...paint} />;
  }
}

/** DieFace draws a die of a color showing a face, centered at (x, y) with side s, inside an SVG. */
export function DieFace({ colour, face, x, y, s, mark = true }: { colour: number; face: number; x: number; y: number; s: number; mark?: boolean }) {
  const ink = COLOUR_INKS[colour] ?? "#fff";
  const d = s * 0.27;
  return (
    <g transform={`translate(${x} ${y})`} class="gh-die">
      <rect x={-s / 2} y={-s / 2} width={s} height={s} rx={s * 0.18} fill={COLOUR_FILLS[colour] ?? "#888"} stroke="#111" stroke-width={s * 0.04} />
      {(PIPS[face] ?? []).map(([px, py], i) => (
        <circle key={i} cx={px * d} cy={py * d} r={s * 0.085} fill={ink} />
      ))}
      {mark ? <MarkShape colour={colour} x={s / 2 - s * 0.02} y={-s / 2 + s * 0.02} m={s * 0.26} stroke="#fff" strokeWidth={s * 0.06} /> : null}
      {mark ? (
        <text
          class="gh-mark-text"
          x={s / 2 - s * 0.02}
          y={-s / 2 + s * 0.02}
          font-size={s * 0.32}
          text-anchor="middle"
          dominant-baseline="middle"
          fill="#111"
          stroke="#fff"
          stroke-width={s * 0.04}
          paint-order="stroke"
          aria-hidden="true"
        >
          {COLOUR_MARKS[colour]}
        </text>
      ) : null}
    </g>
  );
}

/** DieChip is a die as an inline picture for text and buttons. */
export function DieChip({ colour, face, size = 30, label }: { colour: number; face: number; size?: number; label?: string }) {
  return (
    <svg
      class="gh-diechip"
      viewBox="-16 -16 32 32"
      width={size}
      height={size}
      role={label ? "img" : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : "true"}
    >
      <DieFace colour={colour} face={face} x={0} y={0} s={26} />
    </svg>
  );
}
