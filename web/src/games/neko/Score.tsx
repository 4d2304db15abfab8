// Neko Harbour's scores: the intermediate scorings, the final breakdown per
// player with the tie-breaks explained, and a chart of points over the game.

import type { GameResult } from "../../protocol";
import { seatColor } from "../../format";
import { formatList, type MessageId, t } from "../../i18n/i18n";
import { axisPad, footLine, middle, textWidth, useDrawn } from "../../components/chartFrame";
import { ghostOn, pointsOverGame, resourceCards, shipsInGame, type Breakdown, type NekoView, type PeriodScore } from "./view";

/** A line of the final breakdown: its label and each player's points, in seat order. */
export interface ScoreLine {
  key: string;
  label: string;
  points: number[];
}

/** The sources of the end scoring, in the breakdown's order; each line's label is the catalog's neko.line.<key>. */
const LINES = Object.keys({
  attractions: 1,
  harbour: 1,
  hubs: 1,
  cards: 1,
  penguins: 1,
  captains: 1,
  goods: 1,
  vpCards: 1,
  ships: 1,
  ghost: 1,
} satisfies Partial<Record<keyof Breakdown, 1>>) as (keyof Breakdown)[];

/** finalLines lists the final breakdown line by line: each period's scoring, then every source of the end scoring (the ghost ship only when it is in the game); the lines add up to the totals. */
export function finalLines(v: NekoView): ScoreLine[] {
  const periods = [0, 1].map((k) => ({ key: `period${k + 1}`, label: t("neko.line.period", { n: k + 1 }), points: v.players.map((p) => p.interim[k] ?? 0) }));
  const rest = LINES.filter((key) => key !== "ghost" || ghostOn(v)).map((key) => ({
    key,
    label: t(`neko.line.${key}` as MessageId),
    points: v.players.map((p) => p.final?.[key] ?? 0),
  }));
  return [...periods, ...rest];
}

/** periodText says where a period's points came from. */
export function periodText(ps: PeriodScore): string {
  const parts = [
    ps.lastColumn ? t("neko.period.last", { n: ps.lastColumn }) : "",
    ps.line ? t("neko.period.line", { n: ps.line }) : "",
    ps.ghostOut ? t("neko.period.ghost") : "",
  ].filter(Boolean);
  return parts.join(" · ") || t("neko.period.none");
}

/** Interim shows the intermediate scores so far. */
export function Interim({ v, brief }: { v: NekoView; brief?: boolean }) {
  return (
    <section class="panel nk-interim" aria-labelledby="nk-interim-h" data-testid="interim">
      <h2 id="nk-interim-h">{t("neko.interim")}</h2>
      {brief ? null : <p class="hint">{t("neko.interim.hint")}</p>}
      <table class="nk-table">
        <thead>
          <tr>
            <th scope="col">{t("neko.player.col")}</th>
            <th scope="col">{t("neko.turn.period", { period: 1 })}</th>
            <th scope="col">{t("neko.turn.period", { period: 2 })}</th>
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
    .map((p) => t("neko.tie.player", { name: p.name, level: shipsInGame(p).reduce((n, s) => n + s.level, 0), cards: resourceCards(p.supply) }))
    .join("; ");
  return t(result.winners.length > 1 ? "neko.tie.shared" : "neko.tie", { points: best, names });
}

/** Final is the final breakdown per player, the winners and the tie-break. */
export function Final({ v, result, colors }: { v: NekoView; result: GameResult; colors: string[] }) {
  const winners = result.winners.map((s) => v.players[s]?.name ?? t("neko.seat", { n: s + 1 }));
  const tie = tieText(v, result);
  return (
    <section class="panel nk-final" aria-labelledby="nk-final-h" data-testid="final-scores">
      <h2 id="nk-final-h">
        {winners.length === 1
          ? t("neko.final.wins", { name: winners[0]! })
          : winners.length
            ? t("neko.final.share", { names: formatList(winners) })
            : t("neko.final.title")}
      </h2>
      {tie ? <p class="nk-tie">{tie}</p> : <p class="hint">{t("neko.final.tieHint")}</p>}
      {/* A table wider than its column scrolls; the keyboard reaches it too. */}
      <div class="nk-table-wrap" role="group" aria-labelledby="nk-final-h" tabIndex={0}>
        <table class="nk-table fit-table">
          <thead>
            <tr>
              <th scope="col" class="nk-from">
                {t("neko.final.from")}
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
              <th scope="row">{t("neko.final.total")}</th>
              {v.players.map((p) => (
                <td key={p.seat} data-testid={`total-${p.seat}`}>
                  {p.final?.total ?? 0}
                </td>
              ))}
            </tr>
          </tbody>
        </table>
      </div>
      <p class="hint">{t("neko.final.note")}</p>
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
  const scored = t("neko.chart.scored");
  const start = t("neko.chart.start");
  const endWord = t(ending === "end" ? "neko.chart.end" : "neko.chart.now");
  const half = textWidth(scored, font) / 2;
  const periodLabel =
    periodEnd > 0 && x(periodEnd) - half >= x(0) + textWidth(start, font) + 8 && x(periodEnd) + half <= x(steps) - textWidth(endWord, font) - 8;
  return (
    <figure class="chart nk-chart" data-testid="points-chart">
      <figcaption>{t("neko.chart.caption")}</figcaption>
      <svg ref={ref} viewBox={`0 0 ${wide} ${tall}`} role="img" aria-label={t("neko.chart.label")}>
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
          {start}
        </text>
        {periodLabel ? (
          <text x={x(periodEnd)} y={footLine(tall, font)} text-anchor="middle" class="chart-tick">
            {scored}
          </text>
        ) : null}
        <text x={x(steps)} y={footLine(tall, font)} text-anchor="end" class="chart-tick">
          {endWord}
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
      <p class="hint nk-chart-note">{t("neko.chart.note")}</p>
      <div class="sr-only">
        <table>
          <caption>{t("neko.chart.table")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("neko.player.col")}</th>
              <th scope="col">{t("neko.chart.highest")}</th>
              {periodEnd > 0 ? <th scope="col">{t("neko.chart.after1")}</th> : null}
              <th scope="col">{t(v.phase === "over" ? "neko.chart.final" : "neko.chart.nowCol")}</th>
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
