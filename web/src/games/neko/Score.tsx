// Neko Harbour's scores: the intermediate scorings, the final breakdown per
// player with the tie-breaks explained, and a chart of points over the game.

import type { GameResult } from "../../protocol";
import { seatColor } from "../../format";
import { axisPad, footLine, middle, textWidth, useDrawn } from "../../components/chartFrame";
import { ghostOn, pointsOverGame, resourceCards, shipsInGame, type Breakdown, type NekoView, type PeriodScore } from "./view";

/** A line of the final breakdown: its label and each player's points, in seat order. */
export interface ScoreLine {
  key: string;
  label: string;
  points: number[];
}

const LINES: { key: keyof Breakdown; label: string }[] = [
  { key: "attractions", label: "Attractions" },
  { key: "harbour", label: "Harbour level" },
  { key: "hubs", label: "Best hub" },
  { key: "cards", label: "Other game-end cards" },
  { key: "penguins", label: "Penguins (×2)" },
  { key: "captains", label: "Captains" },
  { key: "goods", label: "Goods" },
  { key: "vpCards", label: "Point cards" },
  { key: "ships", label: "Level 5-6 ships" },
  { key: "ghost", label: "Ghost ship" },
];

/** finalLines lists the final breakdown line by line: each period's scoring, then every source of the end scoring (the ghost ship only when it is in the game); the lines add up to the totals. */
export function finalLines(v: NekoView): ScoreLine[] {
  const periods = [0, 1].map((k) => ({ key: `period${k + 1}`, label: `Period ${k + 1} scoring`, points: v.players.map((p) => p.interim[k] ?? 0) }));
  const rest = LINES.filter((l) => l.key !== "ghost" || ghostOn(v)).map((l) => ({
    key: l.key,
    label: l.label,
    points: v.players.map((p) => p.final?.[l.key] ?? 0),
  }));
  return [...periods, ...rest];
}

/** periodText says where a period's points came from. */
export function periodText(ps: PeriodScore): string {
  const parts = [
    ps.lastColumn ? `${ps.lastColumn} last column` : "",
    ps.line ? `${ps.line} in the line` : "",
    ps.ghostOut ? "ghost ship out: 8 at the end" : "",
  ].filter(Boolean);
  return parts.join(" · ") || "no ship in the line";
}

/** Interim shows the intermediate scores so far. */
export function Interim({ v, brief }: { v: NekoView; brief?: boolean }) {
  return (
    <section class="panel nk-interim" aria-labelledby="nk-interim-h" data-testid="interim">
      <h2 id="nk-interim-h">Intermediate scoring</h2>
      {brief ? null : (
        <p class="hint">
          At the end of each period a ship on the last column scores its level, any other ship in the line 1 point; then the ships in the line go home.
        </p>
      )}
      <table class="nk-table">
        <thead>
          <tr>
            <th scope="col">Player</th>
            <th scope="col">Period 1</th>
            <th scope="col">Period 2</th>
          </tr>
        </thead>
        <tbody>
          {v.players.map((p) => (
            <tr key={p.seat}>
              <th scope="row">{p.name}</th>
              {[0, 1].map((k) =>
                k === 0 || (v.period > 1 && (v.phase === "over" || p.interim[1] > 0)) ? (
                  <td key={k} data-testid={`interim-${p.seat}-${k + 1}`}>
                    <strong>{p.interim[k]}</strong>
                    <span class="nk-parts">{periodText(p.periods[k]!)}</span>
                  </td>
                ) : (
                  <td key={k}>–</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** tieText explains how the tie-breaks decided a tie at the top, or "". */
export function tieText(v: NekoView, result: GameResult): string {
  const totals = v.players.map((p) => p.final?.total ?? 0);
  const best = Math.max(...totals);
  const tied = v.players.filter((p) => (p.final?.total ?? 0) === best);
  if (tied.length < 2) return "";
  const names = tied
    .map((p) => `${p.name}: ships' total level ${shipsInGame(p).reduce((t, s) => t + s.level, 0)}, ${resourceCards(p.supply)} fish, goods and licences`)
    .join("; ");
  const shared = result.winners.length > 1;
  return `Tied on ${best} points. The lower total level of ships in play wins the tie, then more fish, goods and licences${shared ? "; still equal, so the win is shared" : ""}. (${names})`;
}

/** Final is the final breakdown per player, the winners and the tie-break. */
export function Final({ v, result, colors }: { v: NekoView; result: GameResult; colors: string[] }) {
  const winners = result.winners.map((s) => v.players[s]?.name ?? `Seat ${s + 1}`);
  const tie = tieText(v, result);
  return (
    <section class="panel nk-final" aria-labelledby="nk-final-h" data-testid="final-scores">
      <h2 id="nk-final-h">{winners.length === 1 ? `${winners[0]} wins!` : winners.length ? `${winners.join(" and ")} share the win!` : "Final scores"}</h2>
      {tie ? (
        <p class="nk-tie">{tie}</p>
      ) : (
        <p class="hint">A tie on points goes to the lower total level of ships in play, then to more fish, goods and licences; then the win is shared.</p>
      )}
      <div class="nk-table-wrap">
        <table class="nk-table fit-table">
          <thead>
            <tr>
              <th scope="col" class="nk-from">
                Points from
              </th>
              {v.players.map((p) => (
                <th key={p.seat} scope="col" style={{ borderBottomColor: seatColor(p.seat, colors[p.seat]).fill }}>
                  <span class="col-head">
                    {p.name}
                    {result.winners.includes(p.seat) ? " ★" : ""}
                  </span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {finalLines(v).map((r) => (
              <tr key={r.key} data-testid={`line-${r.key}`}>
                <th scope="row">{r.label}</th>
                {r.points.map((n, i) => (
                  <td key={i}>{n}</td>
                ))}
              </tr>
            ))}
            <tr class="nk-total">
              <th scope="row">Total</th>
              {v.players.map((p) => (
                <td key={p.seat} data-testid={`total-${p.seat}`}>
                  {p.final?.total ?? 0}
                </td>
              ))}
            </tr>
          </tbody>
        </table>
      </div>
      <p class="hint">
        Harbour level and best hub are scored by the game-end cards that count them (a period 2 Shipyard, the FB10 fishing boat); other game-end cards are on
        their own line.
      </p>
    </section>
  );
}

/** PointsChart draws each player's points over the game, after every turn, as if the game had ended then; a table gives the numbers to screen readers. */
export function PointsChart({ v, colors, width = 360, height = 200 }: { v: NekoView; colors: string[]; width?: number; height?: number }) {
  const { series, periodEnd } = pointsOverGame(v);
  const steps = Math.max(1, ...series.map((s) => s.length - 1));
  const max = Math.max(10, ...series.flat());
  const { ref, drawn } = useDrawn(width, height);
  const { width: wide, height: tall, font } = drawn;
  const ticks = [0, 0.5, 1].map((f) => Math.round(max * f));
  const pad = axisPad(font, ticks.map(String), "", 0, 10);
  const x = (i: number) => pad.l + (i * (wide - pad.l - pad.r)) / steps;
  const y = (p: number) => pad.t + ((max - p) * (tall - pad.t - pad.b)) / max;
  const dashes = ["", "6 4", "2 3", "10 3 2 3"];
  const at = (pts: number[], i: number) => (i >= 0 ? (pts[i] ?? 0) : 0);
  const ending = v.phase === "over" ? "end" : "now";
  // The period's label stands centered on its line when it clears the labels at both ends.
  const half = textWidth("period 1 scored", font) / 2;
  const periodLabel =
    periodEnd > 0 && x(periodEnd) - half >= x(0) + textWidth("start", font) + 8 && x(periodEnd) + half <= x(steps) - textWidth(ending, font) - 8;
  return (
    <figure class="chart nk-chart" data-testid="points-chart">
      <figcaption>Points over the game, turn by turn</figcaption>
      <svg
        ref={ref}
        viewBox={`0 0 ${wide} ${tall}`}
        role="img"
        aria-label="Chart of each player's points after every turn, as if the game had ended then; the table below has the numbers"
      >
        {ticks.map((t) => (
          <g key={t}>
            <line x1={pad.l} x2={wide - pad.r} y1={y(t)} y2={y(t)} stroke="#d8d3c0" />
            <text x={pad.l - 4} y={middle(y(t), font)} text-anchor="end" class="chart-tick">
              {t}
            </text>
          </g>
        ))}
        {periodEnd > 0 ? (
          <line x1={x(periodEnd)} x2={x(periodEnd)} y1={pad.t} y2={tall - pad.b} stroke="#888" stroke-dasharray="4 4" data-testid="chart-period" />
        ) : null}
        <text x={x(0)} y={footLine(tall, font)} text-anchor="start" class="chart-tick">
          start
        </text>
        {periodLabel ? (
          <text x={x(periodEnd)} y={footLine(tall, font)} text-anchor="middle" class="chart-tick">
            period 1 scored
          </text>
        ) : null}
        <text x={x(steps)} y={footLine(tall, font)} text-anchor="end" class="chart-tick">
          {ending}
        </text>
        {series.map((pts, k) => {
          const c = seatColor(v.players[k]?.seat ?? k, colors[k]).fill;
          return (
            <g key={k}>
              <polyline
                fill="none"
                stroke={c}
                stroke-width={3}
                stroke-linejoin="round"
                stroke-dasharray={dashes[k]}
                points={pts.map((p, i) => `${x(i).toFixed(1)},${y(p).toFixed(1)}`).join(" ")}
              />
              <circle cx={x(pts.length - 1)} cy={y(pts[pts.length - 1] ?? 0)} r={4} fill={c} stroke="#111" />
            </g>
          );
        })}
      </svg>
      <ul class="legend">
        {v.players.map((p, k) => (
          <li key={p.seat}>
            <svg width="28" height="10" aria-hidden="true">
              <line x1="0" y1="5" x2="28" y2="5" stroke={seatColor(p.seat, colors[p.seat]).fill} stroke-width="3" stroke-dasharray={dashes[k]} />
            </svg>
            <span>
              {p.name}: {series[k]?.[series[k]!.length - 1] ?? 0}
            </span>
          </li>
        ))}
      </ul>
      <p class="hint nk-chart-note">Each point is what the player would score if the game ended after that turn, so it can fall as well as rise.</p>
      <div class="sr-only">
        <table>
          <caption>Points over the game</caption>
          <thead>
            <tr>
              <th scope="col">Player</th>
              <th scope="col">Highest</th>
              {periodEnd > 0 ? <th scope="col">After period 1</th> : null}
              <th scope="col">{v.phase === "over" ? "Final" : "Now"}</th>
            </tr>
          </thead>
          <tbody>
            {v.players.map((p, k) => {
              const pts = series[k] ?? [0];
              return (
                <tr key={p.seat}>
                  <th scope="row">{p.name}</th>
                  <td>{Math.max(...pts)}</td>
                  {periodEnd > 0 ? <td>{at(pts, periodEnd)}</td> : null}
                  <td>{pts[pts.length - 1]}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
