// Neko Harbour's scores: the intermediate scorings, the final breakdown per
// player with the tie-breaks explained, and a chart of points over the game.

import type { GameResult } from "../../protocol";
import { seatColor } from "../../format";
import { pointsOverGame, resourceCards, shipsInGame, type Breakdown, type NekoView } from "./view";

const ROWS: { key: keyof Breakdown; label: string }[] = [
  { key: "periods", label: "Period scorings" },
  { key: "attractions", label: "Attractions" },
  { key: "cards", label: "Game-end cards, boats" },
  { key: "penguins", label: "Penguins (×2)" },
  { key: "captains", label: "Captains" },
  { key: "goods", label: "Goods" },
  { key: "vpCards", label: "Point cards" },
  { key: "ships", label: "Level 5-6 ships" },
  { key: "ghost", label: "Ghost ship" },
];

/** Interim shows the intermediate scores so far. */
export function Interim({ v, brief }: { v: NekoView; brief?: boolean }) {
  return (
    <section class="panel nk-interim" aria-labelledby="nk-interim-h" data-testid="interim">
      <h2 id="nk-interim-h">Intermediate scoring</h2>
      {brief ? null : <p class="hint">At the end of each period a ship on the last column scores its level, any other ship in the line 1 point; then the ships in the line go home.</p>}
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
              <td>{p.interim[0]}</td>
              <td>{v.period > 1 && (v.phase === "over" || p.interim[1] > 0) ? p.interim[1] : "–"}</td>
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
  const names = tied.map((p) => `${p.name}: ships' total level ${shipsInGame(p).reduce((t, s) => t + s.level, 0)}, ${resourceCards(p.supply)} fish, goods and licences`).join("; ");
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
      {tie ? <p class="nk-tie">{tie}</p> : <p class="hint">A tie on points goes to the lower total level of ships in play, then to more fish, goods and licences; then the win is shared.</p>}
      <div class="nk-table-wrap">
        <table class="nk-table">
          <thead>
            <tr>
              <th scope="col" class="nk-from">Points from</th>
              {v.players.map((p) => (
                <th key={p.seat} scope="col" style={{ borderBottomColor: seatColor(p.seat, colors[p.seat]).fill }}>
                  {p.name}
                  {result.winners.includes(p.seat) ? " ★" : ""}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {ROWS.map((r) => (
              <tr key={r.key}>
                <th scope="row">{r.label}</th>
                {v.players.map((p) => (
                  <td key={p.seat}>{p.final?.[r.key] ?? 0}</td>
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
    </section>
  );
}

const STEPS = ["start", "after period 1", "after period 2", "final"];

/** PointsChart draws each player's points over the game, with a table for screen readers. */
export function PointsChart({ v, colors, width = 360, height = 200 }: { v: NekoView; colors: string[]; width?: number; height?: number }) {
  const series = pointsOverGame(v);
  const max = Math.max(10, ...series.flat());
  const pad = 30;
  const x = (i: number) => pad + (i * (width - 2 * pad)) / (STEPS.length - 1);
  const y = (p: number) => height - pad - (p * (height - 2 * pad)) / max;
  const dashes = ["", "6 4", "2 3", "10 3 2 3"];
  return (
    <figure class="chart nk-chart">
      <figcaption>Points over the game</figcaption>
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label="Chart of each player's points over the game; the table below has the numbers">
        <line x1={pad} y1={height - pad} x2={width - pad} y2={height - pad} stroke="#999" />
        {STEPS.map((s, i) => (
          <text key={s} x={x(i)} y={height - 8} text-anchor="middle" class="chart-tick">
            {i === 0 ? "0" : i === 3 ? "end" : `P${i}`}
          </text>
        ))}
        {series.map((pts, k) => {
          const c = seatColor(v.players[k]?.seat ?? k, colors[k]).fill;
          return (
            <g key={k}>
              <polyline fill="none" stroke={c} stroke-width={3} stroke-dasharray={dashes[k]} points={pts.map((p, i) => `${x(i)},${y(p)}`).join(" ")} />
              {pts.length > 1 ? (
                <text x={x(pts.length - 1) + 4} y={y(pts[pts.length - 1]!) - 4} class="chart-tick" fill={c}>
                  {pts[pts.length - 1]}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <ul class="legend">
        {v.players.map((p, k) => (
          <li key={p.seat}>
            <svg width="28" height="10" aria-hidden="true">
              <line x1="0" y1="5" x2="28" y2="5" stroke={seatColor(p.seat, colors[p.seat]).fill} stroke-width="3" stroke-dasharray={dashes[k]} />
            </svg>{" "}
            {p.name}
          </li>
        ))}
      </ul>
      <div class="sr-only">
      <table>
        <caption>Points over the game</caption>
        <tbody>
          {v.players.map((p, k) => (
            <tr key={p.seat}>
              <th scope="row">{p.name}</th>
              {(series[k] ?? []).map((pt, i) => (
                <td key={i}>
                  {STEPS[i]}: {pt}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      </div>
    </figure>
  );
}
