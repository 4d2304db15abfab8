// The Harbor drawn as an SVG: nine tiles with their tier benefits and Shore
// Fees, the 24 slots with the colors they take and the dice on them, and,
// with Harbor Shops, the 16 corners numbered as buttons and logs name them,
// with the Shops on them. Tiles and slots are focusable with spoken labels;
// slots and corners the viewer may use now are marked and answer Enter and
// Space.

import { seatColor, seatShape } from "../../format";
import { roveAmong, rovingKeyDown } from "../../components/roving";
import { shapePath } from "../../components/SeatBadge";
import { t } from "../../i18n/i18n";
import { tileById } from "./content";
import { cellPlace, SITES, SLOTS, vertexXY } from "./geometry";
import { COLOUR_FILLS, COLOUR_MARKS, DieFace, GainIcons, MarkShape } from "./icons";
import { colourWord, cornerTiles, dieName, dieOwner, slotName, tileTitle } from "./moves";
import { acceptedColours, type GreatHarborView } from "./view";
import { gainText, nameWord } from "./words";

const T = 130;
const M = 30;
export const HARBOR_SIDE = 3 * T + 2 * M;
/** The fee badge's width and its gap from the tile's right side: clear of the lower slot (to x+87) and of a Shop on the corner (11 round it). */
const FEE_W = 28;
const FEE_RIGHT = 14;

/**
 * CORNER_TAG is where a Shop's corner number sits from its corner: on the
 * seam above it, where nothing else stands (a side slot's pips stand above
 * the slot, below its upper corner; a top or bottom slot's stand on the seam
 * to its left), or in the sea round the Harbor for a corner on its top edge.
 */
const CORNER_TAG = { x: 0, y: -20 };

const activate = (f: () => void) => (e: KeyboardEvent) => {
  if (e.key === "Enter" || e.key === " ") {
    e.preventDefault();
    f();
  }
};

/** tileLabel says everything a tile shows, for a screen reader. */
export function tileLabel(v: GreatHarborView, cell: number): string {
  const tile = tileById(v.tiles[cell] ?? "");
  const fee = v.fees[cell] ?? 0;
  const tiers = tile ? tile.tiers.map((g, i) => t("greatharbor.ui.tile.tier_spoken", { tier: i + 1, n: 2 * i + 1, gain: gainText(g) })).join("; ") : "";
  return t("greatharbor.ui.tile.spoken", { name: tileTitle(v, cell), place: cellPlace(cell), fee, tiers });
}

/** slotLabel says what a slot takes and holds. */
export function slotLabel(v: GreatHarborView, slot: number, open: boolean, say = t("greatharbor.ui.slot.may_place")): string {
  const takes = acceptedColours(v, slot)
    .map((c) => colourWord(c))
    .join(t("greatharbor.ui.or"));
  const die = v.slots[slot] ?? -1;
  const holds = die >= 0 ? t("greatharbor.ui.slot.holds", { owner: dieOwner(v, die), die: dieName(v, die) }) : t("greatharbor.ui.slot.empty");
  const shops = v.shopPips[slot] ? t("greatharbor.ui.slot.shops", { n: v.shopPips[slot] }) : "";
  const name = slotName(v, slot);
  const label = t("greatharbor.ui.slot.spoken", { name: `${name[0]!.toUpperCase()}${name.slice(1)}`, takes, holds, shops });
  return open ? t("greatharbor.ui.slot.open", { label, say }) : label;
}

/** cornerLabel says where a corner is and, when the viewer may set up a Shop there, that they may. */
export function cornerLabel(v: GreatHarborView, vertex: number, open: boolean): string {
  const label = t("greatharbor.ui.corner.spoken", { n: vertex + 1, tiles: cornerTiles(v, vertex).join(", ") });
  return open ? t("greatharbor.ui.corner.open", { label }) : label;
}

/** shopLabel names a Shop on the board: whose, which corner and which tile's corner it takes. */
export function shopLabel(v: GreatHarborView, vertex: number): string {
  const site = SITES[v.shopSite[vertex] ?? -1];
  const owner = v.shopOwner[vertex] ?? 0;
  const who = v.names[owner] ?? t("greatharbor.ui.a_player");
  return site
    ? t("greatharbor.ui.shop.spoken_by", { who, n: vertex + 1, tile: tileTitle(v, site.cell) })
    : t("greatharbor.ui.shop.spoken", { who, n: vertex + 1 });
}

export interface HarborProps {
  view: GreatHarborView;
  colors: string[];
  /** slots the viewer may choose now */
  open?: number[];
  chosen?: number;
  /** the tile whose details are open */
  tile?: number;
  onSlot?: (slot: number) => void;
  /** what a slot open to the viewer offers, for its spoken name (placing a die, by default) */
  openSay?: (slot: number) => string;
  onTile?: (cell: number) => void;
  /** the tile that holds the tiles' one Tab stop (else the open tile, else the first), and where the arrow keys move it */
  tileStop?: number;
  onTileStop?: (cell: number) => void;
  /** corners where the viewer may set up a Shop now, and the one picked */
  corners?: number[];
  corner?: number;
  onCorner?: (vertex: number) => void;
  /** a slot that just changed, to animate */
  fresh?: number;
  label: string;
  /** bigger text for the TV */
  tv?: boolean;
}

export function Harbor({
  view,
  colors,
  open = [],
  chosen,
  tile,
  onSlot,
  openSay,
  onTile,
  tileStop,
  onTileStop,
  corners = [],
  corner,
  onCorner,
  fresh,
  label,
  tv,
}: HarborProps) {
  // The nine tiles are one Tab stop, the arrow keys moving across the grid (a
  // roving tab index): a keyboard reaches the slots the turn asks for in a few
  // keys. The screen keeps which tile holds the stop (tileStop), the board no state.
  const cells = view.tiles.map((_, cell) => ({ x: cell % 3, y: Math.floor(cell / 3) }));
  const stop = tileStop ?? tile ?? 0;
  const goTile = (from: Element, cell: number) => {
    onTileStop?.(cell);
    from.closest("svg")?.querySelector<SVGGElement>(`[data-cell="${cell}"]`)?.focus();
  };
  return (
    <svg
      class={`gh-harbor ${tv ? "gh-harbor-tv" : ""}`}
      viewBox={`0 0 ${HARBOR_SIDE} ${HARBOR_SIDE}`}
      role="group"
      aria-label={label}
      data-slots={view.slots.join(",")}
      data-fees={view.fees.join(",")}
    >
      <rect x={0} y={0} width={HARBOR_SIDE} height={HARBOR_SIDE} rx={16} class="gh-sea" />
      {view.tiles.map((id, cell) => {
        const x = M + (cell % 3) * T;
        const y = M + Math.floor(cell / 3) * T;
        const info = tileById(id);
        const fee = view.fees[cell] ?? 0;
        // The button holds no text: its name is the tile's full label, and the
        // face drawn over it (clicks pass through to the button) shows only part of it.
        return (
          <g key={cell}>
            <g
              class={`gh-tile ${tile === cell ? "gh-tile-open" : ""}`}
              tabindex={cell === stop ? 0 : -1}
              role="button"
              aria-label={tileLabel(view, cell)}
              aria-pressed={tile === cell}
              data-cell={cell}
              onClick={() => onTile?.(cell)}
              onKeyDown={(e) =>
                rovingKeyDown(
                  e,
                  (k) => roveAmong(cells, cell, k),
                  (n) => goTile(e.currentTarget as Element, n),
                  () => onTile?.(cell),
                )
              }
            >
              <rect x={x + 3} y={y + 3} width={T - 6} height={T - 6} rx={8} class="gh-tile-bg" />
              {(info?.edges ?? []).map((c, e) => {
                const pts = [
                  [x + 10, y + 3, x + T - 10, y + 3],
                  [x + T - 3, y + 10, x + T - 3, y + T - 10],
                  [x + 10, y + T - 3, x + T - 10, y + T - 3],
                  [x + 3, y + 10, x + 3, y + T - 10],
                ][e]!;
                return <line key={e} x1={pts[0]} y1={pts[1]} x2={pts[2]} y2={pts[3]} stroke={COLOUR_FILLS[c]} stroke-width={5} stroke-linecap="round" />;
              })}
            </g>
            <g class="gh-tile-face" aria-hidden="true">
              {/* The face reaches past the side slots: only its name lies beside them (above them), so a long name wraps at most once. */}
              <foreignObject x={x + 8} y={y + 16} width={T - 16} height={T - 30}>
                <div class="gh-tile-body" aria-hidden="true">
                  <div class="gh-tile-name">{info ? nameWord("tile", info.name) : id}</div>
                  {(info?.tiers ?? []).map((g, i) => (
                    <div key={i} class="gh-tier">
                      <span class="gh-tier-n">{"I".repeat(i + 1)}</span>
                      <GainIcons gain={g} />
                    </div>
                  ))}
                </div>
              </foreignObject>
              {/* The fee stands on the tile's lower edge, under the tiers and clear of the slot and the corner. */}
              {fee > 0 ? (
                <g class="gh-fee" aria-hidden="true">
                  <rect x={x + T - FEE_RIGHT - FEE_W} y={y + T - 12} width={FEE_W} height={18} rx={9} />
                  <text x={x + T - FEE_RIGHT - FEE_W / 2} y={y + T + 2} text-anchor="middle">
                    −{fee}
                  </text>
                </g>
              ) : null}
            </g>
          </g>
        );
      })}
      {SLOTS.map((s, slot) => {
        const cx = M + s.x * T;
        const cy = M + s.y * T;
        const w = s.horizontal ? 44 : 26;
        const h = s.horizontal ? 26 : 44;
        const cols = acceptedColours(view, slot);
        const die = view.slots[slot] ?? -1;
        const canUse = open.includes(slot);
        const choose = () => canUse && onSlot?.(slot);
        return (
          <g
            key={slot}
            class={`gh-slot ${canUse ? "gh-slot-open" : ""} ${chosen === slot ? "gh-slot-chosen" : ""} ${fresh === slot ? "gh-fresh" : ""}`}
            tabindex={canUse ? 0 : -1}
            role="button"
            aria-disabled={!canUse}
            aria-label={slotLabel(view, slot, canUse, openSay?.(slot))}
            data-slot={slot}
            onClick={choose}
            onKeyDown={activate(choose)}
          >
            <rect x={cx - w / 2} y={cy - h / 2} width={w} height={h} rx={6} class="gh-slot-bg" />
            {cols.map((c, i) => {
              const half = cols.length === 2;
              const rx = s.horizontal ? cx - w / 2 + (half ? i * (w / 2) : 0) : cx - w / 2;
              const ry = s.horizontal ? cy - h / 2 : cy - h / 2 + (half ? i * (h / 2) : 0);
              const rw = s.horizontal && half ? w / 2 : w;
              const rh = !s.horizontal && half ? h / 2 : h;
              return (
                <g key={c}>
                  <rect x={rx + 2} y={ry + 2} width={rw - 4} height={rh - 4} rx={4} fill={COLOUR_FILLS[c]} opacity={0.45} />
                  {/* The colour a slot takes means nothing once a die stands on it: its mark goes rather than lie under the die. */}
                  {die < 0 ? (
                    <>
                      <text x={rx + rw / 2} y={ry + rh / 2 + 4} text-anchor="middle" class="gh-slot-mark gh-mark-text" aria-hidden="true">
                        {COLOUR_MARKS[c]}
                      </text>
                      <MarkShape colour={c} x={rx + rw / 2} y={ry + rh / 2} m={9} fill="#1b1b1b" />
                    </>
                  ) : null}
                </g>
              );
            })}
            {view.shopPips[slot] ? (
              // Beside the slot on the seam between tiles (above a side slot, left of a top or bottom one), never on a tile's text;
              // left of a slot they end at its edge, clear of the number of a Shop on the corner beyond.
              <text
                x={s.horizontal ? cx - w / 2 - 1 : cx}
                y={s.horizontal ? cy + 4 : cy - h / 2 - 4}
                class="gh-shop-pips"
                text-anchor={s.horizontal ? "end" : "middle"}
                aria-hidden="true"
              >
                +{view.shopPips[slot]}
              </text>
            ) : null}
            {die >= 0 ? <DieFace colour={view.dice[die]?.colour ?? 0} face={view.dice[die]?.face ?? 0} x={cx} y={cy} s={26} /> : null}
          </g>
        );
      })}
      {view.shops
        ? view.shopSite.map((site, v) => {
            const { x, y } = vertexXY(v);
            const at = `translate(${M + x * T} ${M + y * T})`;
            if (site >= 0) {
              const owner = view.shopOwner[v] ?? 0;
              const c = seatColor(owner, colors[owner]);
              return (
                <g key={`shop${v}`} transform={at} class="gh-shop" role="img" aria-label={shopLabel(view, v)} data-corner={v}>
                  <rect x={-11} y={-11} width={22} height={22} rx={4} fill="#fff" stroke="#222" />
                  <path d={shapePath(seatShape(owner), 7)} fill={c.fill} stroke="#111" />
                  <g class="gh-corner-tag" aria-hidden="true">
                    <circle cx={CORNER_TAG.x} cy={CORNER_TAG.y} r={8} />
                    <text x={CORNER_TAG.x} y={CORNER_TAG.y + 4} text-anchor="middle">
                      {v + 1}
                    </text>
                  </g>
                </g>
              );
            }
            const canUse = corners.includes(v);
            const pick = () => canUse && onCorner?.(v);
            const face = (
              <>
                <circle r={20} class="gh-corner-hit" />
                <circle r={13} class="gh-corner-bg" />
                <text y={5} text-anchor="middle" class="gh-corner-n" aria-hidden="true">
                  {v + 1}
                </text>
              </>
            );
            return canUse ? (
              <g
                key={`corner${v}`}
                transform={at}
                class={`gh-corner gh-corner-open ${corner === v ? "gh-corner-chosen" : ""}`}
                tabindex={0}
                role="button"
                aria-label={cornerLabel(view, v, true)}
                aria-pressed={corner === v}
                data-corner={v}
                onClick={pick}
                onKeyDown={activate(pick)}
              >
                {face}
              </g>
            ) : (
              <g key={`corner${v}`} transform={at} class="gh-corner" aria-hidden="true" data-corner={v}>
                {face}
              </g>
            );
          })
        : null}
    </svg>
  );
}
