import type { ComponentChildren } from "preact";
import { seatColor, seatShape, type Shape } from "../format";
import { axisPad, footLine, middle, spreadTicks, useDrawn } from "./chartFrame";
import { SeatBadge, shapePath } from "./SeatBadge";

/** One line of a SeatChart: a seat (or the Automa) with its color, shape and badge. */
export interface ChartLine {
  name: string;
  fill: string;
  shape: Shape;
  /** drawn before the name in the legend */
  badge: ComponentChildren;
}

/**
 * SeatChart is the end-of-game line chart the games share: one line per seat
 * over the game, dashed for every other seat and ending in the seat's shape,
 * so it never relies on color alone; a legend; and the numbers in a table
 * for screen readers. rows[i][k] is line k's value at point i, which lies at
 * x-value at(i) (by default i) on the horizontal axis. It is drawn in
 * screen pixels (chartFrame's useDrawn): its labels keep their CSS size on
 * a phone and on the TV, and the labels under the axis that would run into
 * each other on a narrow screen are left out (the first and last stay).
 */
export function SeatChart({
  caption,
  label,
  testid,
  extra = "",
  rows,
  lines,
  at = (i) => i,
  xTicks,
  yTicks,
  max,
  padLeft,
  padRight = 16,
  width,
  height,
  tableCaption,
  xHeading,
  rowLabel,
}: {
  caption: string;
  /** the chart's spoken name */
  label: string;
  testid?: string;
  extra?: string;
  rows: number[][];
  lines: ChartLine[];
  at?: (i: number) => number;
  /** labels under the axis, by x-value */
  xTicks: { x: number; text: string }[];
  /** grid lines, by value; a marked one (a target) is drawn red and dashed */
  yTicks: { value: number; text: string; mark?: boolean }[];
  max: number;
  /** the least room for the left axis's labels (they get what they need at their size in any case) */
  padLeft?: number;
  /** the least room right of the plot, for the end marks */
  padRight?: number;
  /** the chart's proportions: it is drawn as wide as shown, and as tall as these say (see chartFrame) */
  width: number;
  height: number;
  tableCaption: string;
  /** the heading of the table's first column ("Round", "Turn") */
  xHeading: string;
  rowLabel: (i: number) => string | number;
}) {
  const { ref, drawn } = useDrawn(width, height);
  const { width: wide, height: tall, font } = drawn;
  const pad = axisPad(
    font,
    yTicks.map((t) => t.text),
    xTicks[xTicks.length - 1]?.text ?? "",
    padLeft,
    padRight,
  );
  const w = wide - pad.l - pad.r;
  const h = tall - pad.t - pad.b;
  const last = rows.length - 1;
  const from = at(0);
  const span = at(last) - from;
  const x = (v: number) => pad.l + (span <= 0 ? w / 2 : ((v - from) * w) / span);
  const y = (v: number) => pad.t + h - (v / max) * h;
  return (
    <figure class={`chart ${extra}`} data-testid={testid}>
      <figcaption>{caption}</figcaption>
      <svg ref={ref} viewBox={`0 0 ${wide} ${tall}`} role="img" aria-label={label}>
        {yTicks.map((t) => (
          <g key={t.value}>
            <line
              x1={pad.l}
              x2={wide - pad.r}
              y1={y(t.value)}
              y2={y(t.value)}
              stroke={t.mark ? "#b3261e" : "#d8d3c0"}
              stroke-dasharray={t.mark ? "6 4" : undefined}
            />
            <text x={pad.l - 6} y={middle(y(t.value), font)} text-anchor="end" class="chart-tick">
              {t.text}
            </text>
          </g>
        ))}
        {spreadTicks(xTicks, (t) => x(t.x), font).map((t) => (
          <text key={t.x} x={x(t.x)} y={footLine(tall, font)} text-anchor="middle" class="chart-tick">
            {t.text}
          </text>
        ))}
        {lines.map((line, k) => (
          <g key={k}>
            <polyline
              points={rows.map((row, i) => `${x(at(i)).toFixed(1)},${y(row[k] ?? 0).toFixed(1)}`).join(" ")}
              fill="none"
              stroke={line.fill}
              stroke-width="3"
              stroke-dasharray={k % 2 ? "8 4" : undefined}
            />
            <path d={shapePath(line.shape, 6)} transform={`translate(${x(at(last))} ${y(rows[last]?.[k] ?? 0)})`} fill={line.fill} stroke="#111" />
          </g>
        ))}
      </svg>
      <ul class="legend">
        {lines.map((line, k) => (
          <li key={k}>
            {line.badge} {line.name}
          </li>
        ))}
      </ul>
      <table class="sr-only">
        <caption>{tableCaption}</caption>
        <thead>
          <tr>
            <th scope="col">{xHeading}</th>
            {lines.map((line, k) => (
              <th scope="col" key={k}>
                {line.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={i}>
              <th scope="row">{rowLabel(i)}</th>
              {lines.map((_, k) => (
                <td key={k}>{row[k] ?? 0}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

/** seatLine is a seat's line: its name, its color and shape, its badge in the legend. */
export function seatLine(seat: number, name: string, color: string | undefined): ChartLine {
  return { name, fill: seatColor(seat, color).fill, shape: seatShape(seat), badge: <SeatBadge seat={seat} color={color} size={18} /> };
}
