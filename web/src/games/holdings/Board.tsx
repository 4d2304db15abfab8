// Harbor Holdings' board as an SVG ring of spaces, used by the play screen
// and the TV: each space's color band, name, mark and price, owners' frames
// and improvements, and the tokens, which walk space by space to a new
// position (useAnimatedPositions). Spaces are focusable buttons that arrow
// keys move between (nextSpace). The tokens stand in the sea by a space's
// inner edge (a corner's diagonally in), so none covers a space's words. On
// the TV's big board a name stands one word a line between the color band and
// an owner's frame, and a word the browser measures wider than that room is
// squeezed into it (fitNames).

import { useEffect, useLayoutEffect, useRef, useState } from "preact/hooks";
import { shapePath } from "../../components/SeatBadge";
import { rovingKeyDown } from "../../components/roving";
import { seatColor, seatShape } from "../../format";
import { formatNumber, t } from "../../i18n/i18n";
import { CELL, cellOf, type Edge, groupOf, isOwnable, NUM_SPACES, nameParts, path, SIDE, SPACES, spaceName, stepsBetween, wrapName } from "./board";
import { seatName } from "./moves";
import type { HoldingsView } from "./view";

/** KIND_MARK is the sign a space of each kind shows; Harbor Gate's is a word, in the reader's language. */
const KIND_MARK: Record<string, string> = {
  dispatch: "?",
  levy: "−100",
  ferry: "",
  utility: "⚡",
  customs: "⚓",
  festival: "★",
  inspection: "→⚓",
};

/** kindMark is the mark a space of kind shows. */
export const kindMark = (kind: string): string => (kind === "gate" ? t("holdings.mark.gate") : (KIND_MARK[kind] ?? ""));

/** useAnimatedPositions walks each token forward space by space to its new position (short moves), or jumps (long or backward moves). */
export function useAnimatedPositions(target: number[], stepMs = 140): number[] {
  const [shown, setShown] = useState<number[]>(target);
  const shownRef = useRef(shown);
  shownRef.current = shown;
  useEffect(() => {
    const from = shownRef.current;
    if (from.length !== target.length) {
      setShown(target);
      return;
    }
    const timers: ReturnType<typeof setTimeout>[] = [];
    const jumps = [...from];
    target.forEach((to, seat) => {
      const a = from[seat]!;
      if (a === to) return;
      // Long or backward moves jump; so does everything on a hidden page, whose timers the browser slows.
      if (stepsBetween(a, to) > 12 || globalThis.document?.hidden) {
        jumps[seat] = to;
        return;
      }
      path(a, to).forEach((sp, k) => {
        timers.push(
          setTimeout(
            () => {
              setShown((cur) => cur.map((p, i) => (i === seat ? sp : p)));
            },
            stepMs * (k + 1),
          ),
        );
      });
    });
    if (jumps.some((p, i) => p !== from[i])) setShown((cur) => cur.map((p, i) => (jumps[i] !== from[i] ? jumps[i]! : p)));
    return () => timers.forEach(clearTimeout);
  }, [target.join(",")]);
  return shown.length === target.length ? shown : target;
}

export interface BoardProps {
  view: HoldingsView;
  colors: string[];
  /** the space whose details are open */
  selected?: number;
  onSelect?: (space: number) => void;
  /** a space to point out (the district on offer) */
  highlight?: number;
  /** the space the latest event was about; it pulses once (keyed by pulseKey) */
  pulse?: number;
  pulseKey?: number;
  children?: preact.ComponentChildren;
  label: string;
  /** big draws the names at least 20 px high on a 1080p TV: one word a line, no prices */
  big?: boolean;
}

/** nextSpace is where an arrow key moves the board's focus: forward or back round the ring. */
export function nextSpace(i: number, key: string): number | null {
  switch (key) {
    case "ArrowRight":
    case "ArrowDown":
      return (i + 1) % NUM_SPACES;
    case "ArrowLeft":
    case "ArrowUp":
      return (i + NUM_SPACES - 1) % NUM_SPACES;
    case "Home":
      return 0;
    case "End":
      return NUM_SPACES - 1;
  }
  return null;
}

function SpaceCell({
  i,
  view,
  colors,
  selected,
  highlight,
  pulse,
  pulseKey,
  onSelect,
  cursor,
  onCursor,
  big,
}: { i: number; cursor: number; onCursor: (i: number) => void } & BoardProps) {
  const s = SPACES[i]!;
  const { x, y, edge } = cellOf(i);
  const g = groupOf(i);
  const owner = view.owner[i] ?? -1;
  const lvl = view.improvements[i] ?? 0;
  const oc = owner >= 0 ? seatColor(owner, colors[owner]) : null;
  // The color band sits on the inner edge of the cell (toward the center).
  const band = { bottom: [0, 0, CELL, 22], top: [0, CELL - 22, CELL, 22], left: [CELL - 22, 0, 22, CELL], right: [0, 0, 22, CELL], corner: [0, 0, 0, 0] }[edge];
  const textY = edge === "bottom" ? 36 : edge === "top" ? 12 : edge === "corner" ? 30 : 14;
  const textX = big ? BIG_NAME[edge].x : edge === "left" ? 4 + (CELL - 22) / 2 : edge === "right" ? 22 + (CELL - 22) / 2 : CELL / 2;
  const owned =
    owner >= 0
      ? t("holdings.cell.owned", { who: view.names[owner] ?? t("holdings.aPlayer") }) + (lvl ? t("holdings.cell.levels", { n: lvl }) : "")
      : isOwnable(s)
        ? t("holdings.cell.forSale")
        : "";
  const name = spaceName(i);
  const lines = big ? nameParts(name) : wrapName(name, edge === "corner" ? 9 : 10);
  const step = big ? 22 : 13;
  const mark = s.kind === "levy" ? `−${formatNumber(s.amount ?? 100)}` : kindMark(s.kind);
  const showPrice = !!s.price && owner < 0 && !big;
  // A big board's names fill the cell: a mark goes under them when it fits.
  const bigMarkY = textY + 10 + step * lines.length + 6;
  // A top space's price sits above its color band, so its mark stands higher, clear of the price.
  const markY = big ? bigMarkY : edge === "top" ? 52 : edge === "bottom" ? 76 : 66;
  const showMark = !!mark && (!big || bigMarkY <= 98);
  // The name starts with the cell's visible words, in their order, so what a
  // speech user reads off the board is what they can say to press it (each
  // text ends with a space, which the drawing drops, to keep words apart).
  const levelText = edge === "left" || edge === "right" ? String(lvl) : "▲".repeat(Math.min(lvl, 5));
  const visible = [g && lvl > 0 ? levelText : "", ...lines, showMark ? mark : "", showPrice ? formatNumber(s.price!) : ""].filter(Boolean).join(" ");
  const label =
    t("holdings.cell.label", { visible, n: i }) +
    (g ? t("holdings.cell.group", { group: g.name }) : "") +
    (s.price ? t("holdings.cell.price", { n: s.price }) : "") +
    owned;

  return (
    <g
      transform={`translate(${x} ${y})`}
      class={`space ${selected === i ? "space-selected" : ""} ${highlight === i ? "space-highlight" : ""}`}
      role={onSelect ? "button" : "img"}
      tabindex={onSelect ? (i === cursor ? 0 : -1) : undefined}
      aria-label={label}
      onClick={onSelect ? () => onSelect(i) : undefined}
      onKeyDown={
        onSelect
          ? (e) =>
              rovingKeyDown(
                e,
                (k) => nextSpace(i, k),
                onCursor,
                () => onSelect(i),
              )
          : undefined
      }
      data-space={i}
    >
      <rect
        width={CELL}
        height={CELL}
        class="space-bg"
        fill={s.kind === "gate" || s.kind === "festival" ? "#fff6d5" : "#fbf8ec"}
        stroke="#3b3b3b"
        stroke-width="1.5"
      />
      {pulse === i ? <rect key={pulseKey} width={CELL} height={CELL} class="space-pulse" /> : null}
      {g ? <rect x={band[0]} y={band[1]} width={band[2]} height={band[3]} fill={g.fill} stroke="#3b3b3b" stroke-width="1" /> : null}
      {g && lvl > 0 ? (
        <text
          x={band[0]! + band[2]! / 2}
          y={band[1]! + band[3]! / 2 + 6}
          text-anchor="middle"
          class="level"
          fill={g.fill === "#f2c202" || g.fill === "#7fc8f8" ? "#1b1b1b" : "#fff"}
        >
          {`${levelText} `}
        </text>
      ) : null}
      {lines.map((l, k) => (
        <text
          key={`${k}:${l}`}
          x={textX}
          y={textY + (big ? 10 : 0) + step * k}
          text-anchor="middle"
          class="space-name"
          data-room={big ? BIG_NAME[edge].room : SMALL_ROOM[edge]}
        >
          {`${l} `}
        </text>
      ))}
      {s.kind === "ferry" && !big ? (
        <path
          transform={`translate(${textX - 20} ${edge === "top" ? 34 : edge === "bottom" ? 56 : 44})`}
          d="M0 14 H40 L33 24 H7 Z M8 14 V6 H26 V14 M12 6 V0 H18 V6"
          fill="#3b3b3b"
          aria-hidden="true"
        />
      ) : null}
      {showMark ? (
        <text x={textX} y={markY} text-anchor="middle" class="space-mark">
          {`${mark} `}
        </text>
      ) : null}
      {showPrice ? (
        <text x={textX} y={edge === "top" ? 72 : edge === "bottom" ? 95 : 94} text-anchor="middle" class="space-price">
          {`${formatNumber(s.price!)} `}
        </text>
      ) : null}
      {oc ? (
        <g class="owner-mark">
          <rect x="3" y="3" width={CELL - 6} height={CELL - 6} fill="none" stroke={oc.fill} stroke-width="6" rx="4" />
          <g transform={`translate(${edge === "right" ? CELL - 14 : 14} ${edge === "top" ? CELL - 36 : CELL - 14})`}>
            <path d={shapePath(seatShape(owner), 8)} fill={oc.fill} stroke="#1b1b1b" stroke-width="1.5" />
          </g>
        </g>
      ) : null}
    </g>
  );
}

/**
 * BIG_NAME is where a big board's names stand in a space of each edge: the
 * middle of the room between the color band and an owner's frame (8 units
 * in from the space's other sides), and that room's width. fitNames squeezes
 * a word wider than its room into it.
 */
const BIG_NAME: Record<Edge, { x: number; room: number }> = {
  bottom: { x: CELL / 2, room: CELL - 16 },
  top: { x: CELL / 2, room: CELL - 16 },
  corner: { x: CELL / 2, room: CELL - 16 },
  left: { x: 41, room: 64 },
  right: { x: CELL - 41, room: 64 },
};

/**
 * SMALL_ROOM is the width a small board's name has in a space of each edge:
 * the cell less 4 units a side, and less the color band on a left or right
 * space. A long word (a German or pseudo one) is squeezed into it, so no name
 * runs past the board's edge and widens a phone's page.
 */
const SMALL_ROOM: Record<Edge, number> = { bottom: CELL - 8, top: CELL - 8, corner: CELL - 8, left: CELL - 30, right: CELL - 30 };

/**
 * fitNames squeezes each name of a board drawn wider than its room
 * (data-room) into it, as the browser measures it with the fonts it has.
 * A name is measured once (data-fit marks it): a line of new words, in
 * another language, is a new element (its key is its words).
 */
function fitNames(svg: SVGSVGElement) {
  for (const el of svg.querySelectorAll<SVGTextElement>("text.space-name[data-room]:not([data-fit])")) {
    if (typeof el.getComputedTextLength !== "function") return;
    el.dataset.fit = "";
    const room = Number(el.dataset.room);
    if (el.getComputedTextLength() > room) {
      el.textLength.baseVal.newValueSpecifiedUnits(SVGLength.SVG_LENGTHTYPE_NUMBER, room);
      el.lengthAdjust.baseVal = SVGTextContentElement.LENGTHADJUST_SPACINGANDGLYPHS;
    }
  }
}

/** The gap between tokens side by side, and how far tokens stand into the sea. */
const TOKEN_STEP = 30;
const TOKEN_IN = 18;

/**
 * tokenSpot is where the k-th token on space sp stands. A space's name, mark
 * and price fill it, so the tokens stand in the sea just inside the space,
 * three abreast along its inner edge (a corner's diagonally in from it), and
 * never cover a space's words, on a phone's board as on the TV's.
 */
export function tokenSpot(sp: number, k: number): { x: number; y: number } {
  const { x, y, edge } = cellOf(sp);
  const along = ((k % 3) - 1) * TOKEN_STEP;
  const into = TOKEN_IN + Math.floor(k / 3) * TOKEN_STEP;
  const mid = { x: x + CELL / 2, y: y + CELL / 2 };
  switch (edge) {
    case "bottom":
      return { x: mid.x + along, y: y - into };
    case "top":
      return { x: mid.x + along, y: y + CELL + into };
    case "left":
      return { x: x + CELL + into, y: mid.y + along };
    case "right":
      return { x: x - into, y: mid.y + along };
    default: {
      // a corner: into the sea's corner next to it, toward the board's middle
      const sx = x === 0 ? 1 : -1;
      const sy = y === 0 ? 1 : -1;
      const cx = x === 0 ? CELL : x;
      const cy = y === 0 ? CELL : y;
      return { x: cx + sx * (TOKEN_IN + 4 + (k % 3) * TOKEN_STEP), y: cy + sy * (TOKEN_IN + 4 + Math.floor(k / 3) * TOKEN_STEP) };
    }
  }
}

function Tokens({ view, colors, positions }: { view: HoldingsView; colors: string[]; positions: number[] }) {
  const bySpace = new Map<number, number[]>();
  positions.forEach((p, seat) => {
    if (view.out.includes(seat)) return;
    bySpace.set(p, [...(bySpace.get(p) ?? []), seat]);
  });
  const out: preact.JSX.Element[] = [];
  bySpace.forEach((seats, sp) => {
    seats.forEach((seat, k) => {
      const c = seatColor(seat, colors[seat]);
      const { x: dx, y: dy } = tokenSpot(sp, k);
      out.push(
        <g
          key={seat}
          class={`token ${seat === view.turn ? "token-turn" : ""}`}
          transform={`translate(${dx} ${dy})`}
          role="img"
          aria-label={tokenLabel(view, seat, sp)}
          data-token={seat}
        >
          <path d={shapePath(seatShape(seat), 13)} fill="none" stroke="#fff" stroke-width="7" />
          <path d={shapePath(seatShape(seat), 13)} fill={c.fill} stroke="#111" stroke-width="2.5" />
          <title>{t("holdings.token.title", { who: seatName(view.names, seat), place: spaceName(sp) })}</title>
        </g>,
      );
    });
  });
  return <g class="tokens">{out}</g>;
}

/** tokenLabel says who stands where, for a screen reader: "Bo's token, on Harbor Lane (space 3)". */
export function tokenLabel(view: HoldingsView, seat: number, sp: number): string {
  return t("holdings.token.label", { who: seatName(view.names, seat), place: spaceName(sp), n: sp }) + (seat === view.turn ? t("holdings.token.turn") : "");
}

/** Board draws the 40 spaces with owners, improvements and tokens. It holds no rules. */
export function Board(props: BoardProps) {
  const positions = useAnimatedPositions(props.view.pos);
  // One space is in the tab order; the arrow keys move round the ring (a roving tab index).
  const [cursor, setCursor] = useState(props.selected ?? 0);
  const svg = useRef<SVGSVGElement>(null);
  useLayoutEffect(() => {
    if (svg.current) fitNames(svg.current);
  });
  const moveCursor = (n: number) => {
    setCursor(n);
    (svg.current?.querySelector(`[data-space="${n}"]`) as SVGGElement | null)?.focus();
  };
  return (
    <svg
      ref={svg}
      class="board"
      viewBox={`-4 -4 ${SIDE + 8} ${SIDE + 8}`}
      role="group"
      aria-label={props.onSelect ? t("holdings.board.keys", { label: props.label }) : props.label}
      data-positions={props.view.pos.join(",")}
      data-owners={props.view.owner.join(",")}
      data-levels={props.view.improvements.join(",")}
    >
      <rect x={CELL} y={CELL} width={SIDE - 2 * CELL} height={SIDE - 2 * CELL} fill="#0d3b66" />
      {Array.from({ length: NUM_SPACES }, (_, i) => (
        <SpaceCell key={i} i={i} {...props} cursor={cursor} onCursor={moveCursor} />
      ))}
      <Tokens view={props.view} colors={props.colors} positions={positions} />
      <g transform={`translate(${CELL} ${CELL})`}>{props.children}</g>
    </svg>
  );
}
