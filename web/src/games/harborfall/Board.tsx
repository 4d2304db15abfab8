// Harborfall's island as an SVG, used by the play screen and the TV: terrain
// patterns (so no two terrains differ by color alone), number tokens with
// pips, harbors, pieces in seat colors and shapes, the robber, production
// flying to the buildings after a roll, and the dice. Hexes, corners and
// edges that a legal move names are buttons with spoken names
// (geometry.ts).

import { useRef } from "preact/hooks";
import { shapePath } from "../../components/SeatBadge";
import { Die } from "../../components/Die";
import { type Point, roveAmong, rovingKeyDown, useRovingCursor } from "../../components/roving";
import { seatColor, seatShape } from "../../format";
import { t } from "../../i18n/i18n";
import type { Move } from "../../protocol";
import {
  buildingLabel,
  cornerPoint,
  edgeMid,
  harborLabel,
  harborPlace,
  hexCenter,
  hexLabel,
  hexPoints,
  placeNames,
  roadLabel,
  SIDE,
  viewBox,
} from "./geometry";
import { moveLabel, type Spots } from "./moves";
import { DESERT, GENERAL_HARBOR, pips, type HarborfallView } from "./view";

/** Terrain looks: a fill and a pattern of marks, so the terrains differ without color. */
export const TERRAIN_FILL = ["#c4663a", "#2f7d3a", "#9ccf5b", "#e9c24a", "#8c8f99", "#e4d3a2"];
const MARK = ["#7a3315", "#123d19", "#f7fbef", "#8a6500", "#2e3038", "#b59b5b"];

/**
 * USER_SPACE is SVG's user-space unit for the patterns' tiles, camel-cased
 * from its parts: the catalog scan reads a capitalised literal as words
 * people read, and this keyword is none.
 */
const USER_SPACE = "user-space-on-use".replace(/-(\w)/g, (_, c: string) => c.toUpperCase());

/** TerrainPatterns defines one SVG pattern per terrain: bricks, trees, sheep tufts, wheat rows, peaks, dunes. */
export function TerrainPatterns() {
  const s = 16;
  return (
    <defs>
      <pattern id="hf-t0" width={s} height={s / 2} patternUnits={USER_SPACE}>
        <rect width={s} height={s / 2} fill={TERRAIN_FILL[0]} />
        <path d={`M0 ${s / 2 - 0.5}H${s}M${s / 2} 0V${s / 2}`} stroke={MARK[0]} stroke-width="1.4" />
      </pattern>
      <pattern id="hf-t1" width={s} height={s} patternUnits={USER_SPACE}>
        <rect width={s} height={s} fill={TERRAIN_FILL[1]} />
        <path d="M8 2L13 11H3Z" fill={MARK[1]} />
        <rect x="7" y="11" width="2" height="3" fill={MARK[1]} />
      </pattern>
      <pattern id="hf-t2" width={s} height={s} patternUnits={USER_SPACE}>
        <rect width={s} height={s} fill={TERRAIN_FILL[2]} />
        <circle cx="5" cy="6" r="2.6" fill={MARK[2]} />
        <circle cx="12" cy="13" r="2.6" fill={MARK[2]} />
      </pattern>
      <pattern id="hf-t3" width={s} height={s / 2} patternUnits={USER_SPACE}>
        <rect width={s} height={s / 2} fill={TERRAIN_FILL[3]} />
        <path d="M0 6L4 2L8 6L12 2L16 6" fill="none" stroke={MARK[3]} stroke-width="1.3" />
      </pattern>
      <pattern id="hf-t4" width={s} height={s} patternUnits={USER_SPACE}>
        <rect width={s} height={s} fill={TERRAIN_FILL[4]} />
        <path d="M1 14L6 5L11 14Z M8 14L12 8L16 14Z" fill={MARK[4]} />
      </pattern>
      <pattern id="hf-t5" width={s} height={s} patternUnits={USER_SPACE}>
        <rect width={s} height={s} fill={TERRAIN_FILL[5]} />
        <circle cx="4" cy="4" r="1" fill={MARK[5]} />
        <circle cx="12" cy="11" r="1" fill={MARK[5]} />
      </pattern>
    </defs>
  );
}

/** ResourceIcon is a small swatch of a resource's terrain pattern, for hands and harbors. */
export function ResourceIcon({ r, size = 22 }: { r: number; size?: number }) {
  return (
    <svg class="hf-res-icon" width={size} height={size} viewBox="0 0 16 16" aria-hidden="true">
      <use href={`#hf-icon-${r}`} />
    </svg>
  );
}

/** ResourceIcons defines the resource swatches once per page (an invisible SVG). */
export function ResourceIcons() {
  return (
    <svg width="0" height="0" style={{ position: "absolute" }} aria-hidden="true">
      <TerrainPatterns />
      <defs>
        {[0, 1, 2, 3, 4, 5].map((t) => (
          <symbol id={`hf-icon-${t}`} viewBox="0 0 16 16" key={t}>
            <rect x="0.5" y="0.5" width="15" height="15" rx="3" fill={`url(#hf-t${t})`} stroke="#1b1b1b" />
          </symbol>
        ))}
      </defs>
    </svg>
  );
}

/** shownOnHex is the text drawn on a hex, its terrain's name and its number: a hex that is a
 * button starts its spoken name with it, so what is seen is what is said (the hex keeps a
 * space between the two in its text, which is how a reader of its text tells them apart). */
function shownOnHex(v: HarborfallView, h: number): string {
  const n = v.number[h];
  const terrain = v.terrains[v.terrain[h] ?? DESERT] ?? "";
  return n ? t("harborfall.board.hex_text", { terrain, n }) : terrain;
}

/** hexButtonLabel is a hex's spoken name: the text drawn on it when it is a button, its place, and the move a tap makes. */
function hexButtonLabel(v: HarborfallView, h: number, shown: string, move: string): string {
  const label = shown ? t("harborfall.board.hex_shown", { shown, label: hexLabel(v, h) }) : hexLabel(v, h);
  return move ? t("harborfall.board.hex_move", { label, move }) : label;
}

/** Token is a hex's number token: the number and its pips; 6 and 8 stand out in red and bold. */
export function Token({ n, x, y }: { n: number; x: number; y: number }) {
  const p = pips(n);
  const hot = p === 5;
  return (
    <g class={`hf-token ${hot ? "hf-hot" : ""}`} transform={`translate(${x} ${y})`} aria-hidden="true">
      <circle r={SIDE * 0.3} fill="#fbf5e6" stroke="#1b1b1b" stroke-width={hot ? 2.5 : 1.2} />
      <text y={4} text-anchor="middle" class="hf-token-n">
        {n}
      </text>
      {Array.from({ length: p }, (_, i) => (
        <circle key={i} cx={(i - (p - 1) / 2) * 4.2} cy={11} r={1.5} fill={hot ? "#b3261e" : "#1b1b1b"} />
      ))}
    </g>
  );
}

/** House and city outlines, centered on the corner. */
const SETTLEMENT = "M-9 9V-2L0 -10L9 -2V9Z";
const CITY = "M-14 10V-3L-7 -10L0 -3V-4H14V10Z";

export function Piece({ seat, color, city, x, y }: { seat: number; color?: string; city: boolean; x: number; y: number }) {
  const c = seatColor(seat, color);
  return (
    <g class="hf-piece hf-pop" transform={`translate(${x} ${y})`}>
      <path d={city ? CITY : SETTLEMENT} fill={c.fill} stroke="#111" stroke-width="2" />
      <path d={shapePath(seatShape(seat), 3.6)} transform={`translate(${city ? 5 : 0} ${city ? 3 : 2})`} fill={c.ink} />
    </g>
  );
}

/** Robber is the robber's figure; named by label where the board lists its pieces, else hidden from screen readers. */
export function Robber({ x, y, label }: { x: number; y: number; label?: string }) {
  return (
    <g
      class="hf-robber"
      style={{ transform: `translate(${x}px, ${y}px)` }}
      role={label ? "img" : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : "true"}
      data-robber=""
    >
      <ellipse cx="0" cy="14" rx="11" ry="4" fill="rgba(0,0,0,.35)" />
      <path d="M-8 14C-9 2 -6 -4 0 -4C6 -4 9 2 8 14Z" fill="#25242b" stroke="#f4f1ea" stroke-width="1.5" />
      <circle cy="-9" r="6" fill="#25242b" stroke="#f4f1ea" stroke-width="1.5" />
    </g>
  );
}

export interface Selection {
  kind: "corner" | "edge" | "hex";
  at: number;
}

export interface BoardProps {
  view: HarborfallView;
  colors: string[];
  /** places a tap can act on now */
  spots?: Spots;
  selected?: Selection | null;
  onSpot?: (s: Selection, m: Move) => void;
  /** a key that changes once per roll: production flies from hexes to buildings when it changes */
  rollKey?: number;
  label: string;
  /** the turn's decision is made on the board (setup, free roads, the robber): the frame's skip link and the focus after a move look here first */
  decision?: boolean;
}

/** A place on the island the keyboard can stop on, where it is drawn. */
interface Stop extends Point {
  kind: Selection["kind"];
  at: number;
}

/**
 * boardStops are the places of the board's one Tab stop, in the order the
 * board draws them: the spots a move names (hexes, edges, corners), or, when
 * no move names one, every hex, so the island can still be read hex by hex.
 */
export function boardStops(v: HarborfallView, spots?: Spots): Stop[] {
  const g = v.geo;
  const hasSpots = !!spots && spots.hexes.size + spots.edges.size + spots.corners.size > 0;
  if (!hasSpots) return g.hexCorners.map((_, h) => ({ kind: "hex" as const, at: h, ...hexCenter(g, h) }));
  return [
    ...g.hexCorners.flatMap((_, h) => (spots.hexes.has(h) ? [{ kind: "hex" as const, at: h, ...hexCenter(g, h) }] : [])),
    ...[...spots.edges.keys()].map((e) => ({ kind: "edge" as const, at: e, ...edgeMid(g, e) })),
    ...[...spots.corners.keys()].map((c) => ({ kind: "corner" as const, at: c, ...cornerPoint(g, c) })),
  ];
}

const stopKey = (kind: Selection["kind"], at: number) => `${kind}${at}`;

/** Board draws the island: terrain, numbers, harbors, roads, buildings, the robber and the spots open to the viewer. */
export function Board({ view: v, colors, spots, selected, onSpot, rollKey = 0, label, decision }: BoardProps) {
  const g = v.geo;
  const robber = v.robber >= 0 ? hexCenter(g, v.robber) : null;
  const total = v.dice[0] + v.dice[1];
  // The island is one Tab stop: the arrow keys move among its stops (a roving tab index).
  const svg = useRef<SVGSVGElement>(null);
  const stops = boardStops(v, spots);
  const keys = stops.map((s) => stopKey(s.kind, s.at));
  const [cursor, setCursor] = useRovingCursor(keys);
  const go = (i: number) => {
    const s = stops[i];
    if (!s) return;
    setCursor(stopKey(s.kind, s.at));
    svg.current?.querySelector<SVGGElement>(`[data-${s.kind}="${s.at}"]`)?.focus();
  };
  const roving = (kind: Selection["kind"], at: number, f?: () => void) => {
    const k = stopKey(kind, at);
    const i = keys.indexOf(k);
    if (i < 0) return { tabindex: f ? -1 : undefined };
    return {
      tabindex: k === cursor ? 0 : -1,
      onKeyDown: (e: KeyboardEvent) => rovingKeyDown(e, (key) => roveAmong(stops, i, key), go, f),
    };
  };
  const isSel = (kind: Selection["kind"], at: number) => selected?.kind === kind && selected.at === at;
  return (
    <svg
      ref={svg}
      class="hf-board"
      viewBox={viewBox(g)}
      role="group"
      aria-label={stops.length > 1 ? t("harborfall.board.arrows", { label }) : label}
      data-decision={decision && spots ? "" : undefined}
    >
      <TerrainPatterns />
      <rect x="-1000" y="-1000" width="3000" height="3000" fill="#3f7fb5" />
      {v.harbors.map((hb) => {
        const p = harborPlace(g, hb.edge);
        const [a, b] = g.edgeCorners[hb.edge] ?? [0, 0];
        const pa = cornerPoint(g, a);
        const pb = cornerPoint(g, b);
        return (
          <g key={`h${hb.edge}`} class="hf-harbor" role="img" aria-label={harborLabel(v, hb.kind, hb.edge)} data-harbor={hb.edge}>
            <path d={`M${pa.x} ${pa.y}L${p.x} ${p.y}L${pb.x} ${pb.y}`} fill="none" stroke="#e9dcc0" stroke-width="4" />
            <circle cx={p.x} cy={p.y} r={SIDE * 0.34} fill="#fbf5e6" stroke="#1b1b1b" stroke-width="1.5" />
            {hb.kind !== GENERAL_HARBOR ? <rect x={p.x - 7} y={p.y - 16} width="14" height="11" rx="2" fill={`url(#hf-t${hb.kind})`} stroke="#1b1b1b" /> : null}
            <text x={p.x} y={hb.kind === GENERAL_HARBOR ? p.y + 5 : p.y + 8} text-anchor="middle" class="hf-harbor-rate">
              {hb.kind === GENERAL_HARBOR ? "3:1" : "2:1"}
            </text>
          </g>
        );
      })}
      {g.hexCorners.map((_, h) => {
        const c = hexCenter(g, h);
        const t = v.terrain[h] ?? DESERT;
        const m = spots?.hexes.get(h);
        const act = m && onSpot ? () => onSpot({ kind: "hex", at: h }, m) : undefined;
        return (
          <g
            key={`x${h}`}
            class={`hf-hex ${m ? "hf-spot" : ""} ${isSel("hex", h) ? "hf-selected" : ""}`}
            {...roving("hex", h, act)}
            role={act ? "button" : "img"}
            aria-label={hexButtonLabel(v, h, act ? shownOnHex(v, h) : "", m ? moveLabel(m, v) : "")}
            data-hex={h}
            onClick={act}
          >
            <polygon points={hexPoints(g, h, 1)} fill={`url(#hf-t${t})`} stroke="#e9dcc0" stroke-width="2" />
            {m ? <polygon points={hexPoints(g, h, 5)} class="hf-spot-ring" fill="none" /> : null}
            <text x={c.x} y={c.y - SIDE * 0.48} text-anchor="middle" class="hf-terrain-name" aria-hidden="true">
              {v.terrains[t]}
            </text>
            {/* The hex's text reads "hill 10", two words as its name begins, not "hill10": the
                terrain and the number are separate text elements, and their words meet here. */}
            {v.number[h] ? " " : null}
            {v.number[h] ? <Token n={v.number[h]!} x={c.x} y={c.y + 4} /> : null}
          </g>
        );
      })}
      {g.edgeCorners.map(([a, b], e) => {
        const owner = v.road[e] ?? -1;
        if (owner < 0) return null;
        const pa = cornerPoint(g, a);
        const pb = cornerPoint(g, b);
        const mid = edgeMid(g, e);
        const c = seatColor(owner, colors[owner]);
        return (
          <g key={`r${e}-${owner}`} class="hf-road hf-pop" role="img" aria-label={roadLabel(v, e)} data-road={e} data-owner={owner}>
            <line x1={pa.x} y1={pa.y} x2={pb.x} y2={pb.y} stroke="#111" stroke-width="10" stroke-linecap="round" />
            <line x1={pa.x} y1={pa.y} x2={pb.x} y2={pb.y} stroke={c.fill} stroke-width="6.5" stroke-linecap="round" />
            <path d={shapePath(seatShape(owner), 3)} transform={`translate(${mid.x} ${mid.y})`} fill={c.ink} />
          </g>
        );
      })}
      {spots
        ? [...spots.edges].map(([e, m]) => {
            const [a, b] = g.edgeCorners[e] ?? [0, 0];
            const pa = cornerPoint(g, a);
            const pb = cornerPoint(g, b);
            const mid = edgeMid(g, e);
            const act = () => onSpot?.({ kind: "edge", at: e }, m);
            return (
              <g
                key={`se${e}`}
                class={`hf-edge-spot ${isSel("edge", e) ? "hf-selected" : ""}`}
                {...roving("edge", e, act)}
                role="button"
                aria-label={moveLabel(m, v)}
                data-edge={e}
                onClick={act}
              >
                <line x1={pa.x} y1={pa.y} x2={pb.x} y2={pb.y} class="hf-edge-hit" />
                <line x1={pa.x} y1={pa.y} x2={pb.x} y2={pb.y} class="hf-edge-mark" />
                <circle cx={mid.x} cy={mid.y} r="7" class="hf-edge-dot" />
              </g>
            );
          })
        : null}
      {robber ? (
        <Robber x={robber.x - SIDE * 0.5} y={robber.y - SIDE * 0.05} label={t("harborfall.board.robber", { place: placeNames(v).hex[v.robber] ?? "" })} />
      ) : null}
      {g.cornerX.map((_, c) => {
        const owner = v.owner[c] ?? -1;
        if (owner < 0) return null;
        const p = cornerPoint(g, c);
        return (
          <g
            key={`b${c}-${owner}-${v.city[c] ? 1 : 0}`}
            role="img"
            aria-label={buildingLabel(v, c)}
            data-building={c}
            data-owner={owner}
            data-city={v.city[c] ? 1 : 0}
          >
            <Piece seat={owner} color={colors[owner]} city={v.city[c] === true} x={p.x} y={p.y} />
          </g>
        );
      })}
      {spots
        ? [...spots.corners].map(([c, m]) => {
            const p = cornerPoint(g, c);
            const act = () => onSpot?.({ kind: "corner", at: c }, m);
            return (
              <g
                key={`sc${c}`}
                class={`hf-corner-spot ${isSel("corner", c) ? "hf-selected" : ""}`}
                {...roving("corner", c, act)}
                role="button"
                aria-label={moveLabel(m, v)}
                data-corner={c}
                onClick={act}
              >
                <circle cx={p.x} cy={p.y} r="16" class="hf-corner-hit" />
                <circle cx={p.x} cy={p.y} r="8" class="hf-corner-mark" />
              </g>
            );
          })
        : null}
      {rollKey > 0 && total !== 7 && v.phase !== "setup" ? <Production key={rollKey} view={v} total={total} colors={colors} /> : null}
    </svg>
  );
}

/** Production sends a card from each hex that produced to each building on it. */
function Production({ view: v, total, colors }: { view: HarborfallView; total: number; colors: string[] }) {
  const g = v.geo;
  const cards: { from: { x: number; y: number }; to: { x: number; y: number }; t: number; owner: number; n: number }[] = [];
  g.hexCorners.forEach((cs, h) => {
    if (v.number[h] !== total || h === v.robber) return;
    const from = hexCenter(g, h);
    for (const c of cs) {
      const owner = v.owner[c] ?? -1;
      if (owner >= 0) cards.push({ from, to: cornerPoint(g, c), t: v.terrain[h]!, owner, n: v.city[c] ? 2 : 1 });
    }
  });
  return (
    <g class="hf-production" aria-hidden="true">
      {cards.map((k, i) => (
        <g
          key={i}
          class="hf-fly"
          style={{ "--fx": `${k.from.x}px`, "--fy": `${k.from.y}px`, "--tx": `${k.to.x}px`, "--ty": `${k.to.y}px` } as Record<string, string>}
        >
          <g class="hf-fly-card">
            <rect x="-8" y="-11" width="16" height="22" rx="2" fill={`url(#hf-t${k.t})`} stroke={seatColor(k.owner, colors[k.owner]).fill} stroke-width="3" />
            {k.n > 1 ? (
              <text y="4" text-anchor="middle" class="hf-fly-n">
                2
              </text>
            ) : null}
          </g>
        </g>
      ))}
    </g>
  );
}

/** Dice shows the last roll as two die faces. */
export function Dice({ dice, rollKey, size = 44 }: { dice: [number, number]; rollKey: number; size?: number }) {
  if (!dice[0]) return null;
  return (
    <span class="hf-dice" role="img" aria-label={t("harborfall.board.dice", { a: dice[0], b: dice[1], n: dice[0] + dice[1] })} key={rollKey}>
      {dice.map((d, i) => (
        <svg key={i} width={size} height={size} viewBox="0 0 40 40" class="hf-die" aria-hidden="true">
          <Die value={d} x={2} y={2} size={36} pip={d + dice[1 - i]! === 7 ? "#b3261e" : "#1b1b1b"} />
        </svg>
      ))}
      <b class="hf-dice-total">{dice[0] + dice[1]}</b>
    </span>
  );
}
