// Harborfall's panels: the viewer's hand, every player's public counts, the
// supply, and at the end the ranking with each source of points
// (RankingTable), the points chart and the dice chart (how often each total
// came up against how often it should have).

import { SeatBadge } from "../../components/SeatBadge";
import { ranking } from "../../components/ranking";
import { RankingTable, type ScoreColumn } from "../../components/RankingTable";
import { axisPad, footLine, useDrawn } from "../../components/chartFrame";
import { SeatChart, seatLine } from "../../components/SeatChart";
import { colorName, seatColor } from "../../format";
import { formatNumber, t } from "../../i18n/i18n";
import type { GameResult, Seat } from "../../protocol";
import { ResourceIcon } from "./Board";
import { answerText } from "./moves";
import { breakdown, cardTitle, expectedRolls, type Hand, type HarborfallView } from "./view";

/** Cards shows a hand as resource icons with counts. */
export function Cards({ hand, names, testid }: { hand: Hand; names: string[]; testid?: string }) {
  return (
    <ul class="hf-cards" data-testid={testid} data-hand={hand.join(",")}>
      {hand.map((n, r) => (
        <li key={r} class={n === 0 ? "hf-none" : ""}>
          <ResourceIcon r={r} />
          <span class="hf-card-name">{names[r]}</span>
          <b>{n}</b>
        </li>
      ))}
    </ul>
  );
}

/** HandPanel is the viewer's own cards: resources, development cards and points. */
export function HandPanel({ view: v }: { view: HarborfallView }) {
  const me = v.me;
  if (!me) return null;
  const held = me.dev.map((n, k) => ({ k, n, fresh: me.fresh[k] ?? 0 })).filter((d) => d.n > 0);
  return (
    <section class="panel hf-hand" aria-labelledby="hf-hand-h" data-testid="my-hand">
      <h2 id="hf-hand-h">
        {t("harborfall.hand.title")} <span class="hf-points-chip">{t("harborfall.hand.points", { n: me.points })}</span>
      </h2>
      <Cards hand={me.hand} names={v.resources} testid="my-cards" />
      {held.length > 0 ? (
        <ul class="hf-dev-list" data-testid="my-dev">
          {held.map((d) => (
            <li key={d.k}>
              {t("harborfall.hand.dev", { n: d.n, card: cardTitle(d.k) })}
              {d.k === 4 ? (
                <span class="tag">{t("harborfall.hand.counts_at_end")}</span>
              ) : d.fresh > 0 ? (
                <span class="tag">{d.fresh === d.n ? t("harborfall.hand.bought") : t("harborfall.hand.some_bought", { n: d.fresh })}</span>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p class="hint">{t("harborfall.hand.no_dev")}</p>
      )}
    </section>
  );
}

/** PlayersPanel shows each player's public counts: cards, development cards, points, bonuses, discards owed. */
export function PlayersPanel({ view: v, colors, me, big }: { view: HarborfallView; colors: string[]; me: Seat; big?: boolean }) {
  const o = v.offer;
  // On the TV an open offer's answers stand where the figures were, one
  // line a player, so six players' answers leave the log its room. The two
  // headings are keyed apart: a new heading appears in place, where one
  // reused would move across the panel, a layout shift on every offer. So
  // are the parts of a player's row: unkeyed, an answer that takes the
  // figures' place would be drawn in the node of the bonus line below them
  // (both are paragraphs) and jump from there to the figures' column.
  const answers = big && o ? o : null;
  // On the TV the figures' names stand once above the list (hf-figure-heads); each row keeps its own for screen readers.
  const figureName = big ? "sr-only" : undefined;
  return (
    <section class={`panel hf-players ${big ? "hf-big" : ""}`} aria-labelledby="hf-players-h">
      <h2 id="hf-players-h">{t("harborfall.players.title")}</h2>
      {answers ? (
        <div key="answers" class="hf-figure-heads hf-answer-heads" aria-hidden="true">
          <span>{t("harborfall.players.answer")}</span>
        </div>
      ) : big ? (
        <div key="figures" class="hf-figure-heads" aria-hidden="true">
          <span>{t("harborfall.players.points")}</span>
          <span>{t("harborfall.players.cards")}</span>
          <span>{t("harborfall.players.dev")}</span>
          <span>{t("harborfall.players.steals")}</span>
          <span>{t("harborfall.players.road")}</span>
        </div>
      ) : null}
      <ul class="player-list">
        {v.players.map((p, s) => {
          const turn = v.phase !== "over" && (v.phase === "special_build" ? s === v.special : s === v.active);
          const asked = o && s !== o.from && (o.to === -1 || o.to === s);
          return (
            <li
              key={s}
              class={`player ${turn ? "player-turn" : ""}`}
              data-testid={`player-${s}`}
              data-cards={p.cards}
              data-dev={p.devCards}
              data-points={p.points}
            >
              <div class="player-head">
                <SeatBadge seat={s} color={colors[s]} size={big ? 34 : 28} />
                <strong>{p.name}</strong>
                {s === me ? <span class="tag">{t("harborfall.players.you")}</span> : null}
                {turn ? (
                  <span class="tag tag-turn">{v.phase === "special_build" ? t("harborfall.players.extra_build") : t("harborfall.players.on_turn")}</span>
                ) : null}
                {p.owed > 0 ? <span class="tag tag-out">{t("harborfall.players.owes", { n: p.owed })}</span> : null}
                <span class="color-name">{colorName(seatColor(s, colors[s]).name)}</span>
              </div>
              {answers ? (
                <p key="answer" class="hf-answer hf-answer-tv" data-testid={`answer-${s}`}>
                  {s === answers.from ? t("harborfall.players.offering") : asked ? answerText(v, s, true) : ""}
                </p>
              ) : (
                <dl key="figures" class="player-figures">
                  <div>
                    <dt class={figureName}>{t("harborfall.players.points")}</dt>
                    <dd>{p.points}</dd>
                  </div>
                  <div>
                    <dt class={figureName}>{t("harborfall.players.cards")}</dt>
                    <dd>{p.cards}</dd>
                  </div>
                  <div>
                    <dt class={figureName}>
                      <abbr title={t("harborfall.players.dev_title")}>{t("harborfall.players.dev")}</abbr>
                    </dt>
                    <dd>{p.devCards}</dd>
                  </div>
                  <div>
                    <dt class={figureName}>
                      <abbr title={t("harborfall.players.steals_title")}>{t("harborfall.players.steals")}</abbr>
                    </dt>
                    <dd>{p.played[0] ?? 0}</dd>
                  </div>
                  <div>
                    <dt class={figureName}>{t("harborfall.players.road")}</dt>
                    <dd>{p.roadLength}</dd>
                  </div>
                </dl>
              )}
              {v.longestRoad === s || v.largestArmy === s ? (
                <p key="bonus" class="hf-bonus">
                  {v.longestRoad === s ? <span class="tag tag-turn">{t("harborfall.players.longest_road")}</span> : null}
                  {v.largestArmy === s ? <span class="tag tag-turn">{t("harborfall.players.most_steal")}</span> : null}
                </p>
              ) : null}
              {asked && !answers ? (
                <p key="asked" class="hf-answer">
                  {answerText(v, s)}
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** SupplyPanel shows what the supply and the development deck hold. */
export function SupplyPanel({ view: v }: { view: HarborfallView }) {
  return (
    <section class="panel hf-supply" aria-labelledby="hf-supply-h">
      <h2 id="hf-supply-h">{t("harborfall.supply.title")}</h2>
      <Cards hand={v.supply} names={v.resources} testid="supply" />
      <p class="hint">{t("harborfall.supply.deck", { n: v.deckLeft })}</p>
    </section>
  );
}

/** rankColumns are the sources of a player's points in the final ranking, in breakdown's order. */
const rankColumns = (): ScoreColumn[] => [
  { label: t("harborfall.rank.settlements"), title: t("harborfall.rank.settlements_title") },
  { label: t("harborfall.rank.cities"), title: t("harborfall.rank.cities_title") },
  { label: t("harborfall.rank.secret"), title: t("harborfall.rank.secret_title") },
  { label: t("harborfall.rank.road"), title: t("harborfall.rank.road_title") },
  { label: t("harborfall.rank.army"), title: t("harborfall.rank.army_title") },
];

/** Ranking lists the final places with each player's points broken down. */
export function Ranking({ result, view: v, colors }: { result: GameResult; view: HarborfallView; colors: string[] }) {
  const rows = ranking(result, v.players.length);
  return (
    <section class="panel ranking hf-ranking" aria-labelledby="hf-rank-h" data-testid="ranking">
      <h2 id="hf-rank-h">{t("harborfall.rank.title")}</h2>
      {result.reason === "turn_limit" ? <p class="hint">{t("harborfall.rank.turn_limit")}</p> : null}
      <RankingTable
        tableClass="hf-rank-table"
        whoHead={t("harborfall.rank.player")}
        columns={rankColumns()}
        rows={rows.map((r) => {
          const b = breakdown(v, r.seat);
          return {
            id: r.seat,
            place: r.place,
            who: (
              <>
                <SeatBadge seat={r.seat} color={colors[r.seat]} size={22} /> {v.players[r.seat]?.name}
                {r.place === 1 ? <span class="tag tag-turn">{t("harborfall.rank.winner")}</span> : null}
              </>
            ),
            points: [b.settlements, b.cities, b.secret, b.longestRoad, b.largestArmy],
            total: r.score,
            winner: r.place === 1,
            testid: `rank-${r.seat}`,
          };
        })}
      />
      <p class="hint">{t("harborfall.rank.note")}</p>
    </section>
  );
}

/** PointsChart draws each player's public points over the turns, ending with the final scores. */
export function PointsChart({
  view: v,
  result,
  colors,
  width = 640,
  height = 280,
}: {
  view: HarborfallView;
  result: GameResult;
  colors: string[];
  width?: number;
  height?: number;
}) {
  const rows = [...v.history, v.players.map((_, s) => result.scores[s] ?? v.players[s]!.points)];
  const turnOf = (i: number) => (i === rows.length - 1 ? Math.max(v.turns, 1) : 1 + i * v.historyStep);
  const maxTurn = Math.max(1, turnOf(rows.length - 1));
  const max = Math.max(v.target, ...rows.flat());
  return (
    <SeatChart
      caption={t("harborfall.chart.points")}
      label={t("harborfall.chart.points_label")}
      testid="points-chart"
      rows={rows}
      at={turnOf}
      lines={v.players.map((p, s) => seatLine(s, p.name, colors[s]))}
      xTicks={[...new Set([1, Math.round(maxTurn / 2), maxTurn])].map((t) => ({ x: t, text: String(t) }))}
      yTicks={Array.from({ length: max + 1 }, (_, p) => p)
        .filter((p) => p % 2 === 0)
        .map((p) => ({ value: p, text: String(p), mark: p === v.target }))}
      max={max}
      padLeft={36}
      width={width}
      height={height}
      tableCaption={t("harborfall.chart.points_table")}
      xHeading={t("harborfall.chart.turn")}
      rowLabel={(i) => (i === rows.length - 1 ? t("harborfall.chart.end") : turnOf(i))}
    />
  );
}

/** DiceChart compares how often each total came up with how often it should have. */
export function DiceChart({ view: v, width = 640, height = 240 }: { view: HarborfallView; width?: number; height?: number }) {
  const n = v.rolled.reduce((a, b) => a + b, 0);
  const expected = expectedRolls(n);
  const max = Math.max(1, ...v.rolled, ...expected);
  const { ref, drawn } = useDrawn(width, height);
  const { width: wide, height: tall, font } = drawn;
  // room above the tallest bar for its count, and under the bars for the totals
  const pad = { l: 10, r: 10, t: Math.ceil(font * 1.2 + 6), b: axisPad(font, [], "").b };
  const bw = (wide - pad.l - pad.r) / 11;
  const h = tall - pad.t - pad.b;
  const y = (c: number) => pad.t + h - (c / max) * h;
  return (
    <figure class="chart" data-testid="dice-chart">
      <figcaption>{t("harborfall.chart.dice", { n })}</figcaption>
      <svg ref={ref} viewBox={`0 0 ${wide} ${tall}`} role="img" aria-label={t("harborfall.chart.dice_label")}>
        {v.rolled.map((c, i) => {
          const x = pad.l + i * bw;
          return (
            <g key={i}>
              <rect x={x + bw * 0.15} y={y(c)} width={bw * 0.7} height={pad.t + h - y(c)} fill={i === 5 ? "#b3261e" : "#1d6fd1"} />
              <line x1={x + bw * 0.05} x2={x + bw * 0.95} y1={y(expected[i]!)} y2={y(expected[i]!)} stroke="#111" stroke-width="3" stroke-dasharray="5 3" />
              <text x={x + bw / 2} y={footLine(tall, font)} text-anchor="middle" class="chart-tick">
                {i + 2}
              </text>
              <text x={x + bw / 2} y={y(c) - 4} text-anchor="middle" class="chart-tick">
                {c}
              </text>
            </g>
          );
        })}
      </svg>
      <table class="sr-only">
        <caption>{t("harborfall.chart.dice_table")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("harborfall.chart.total")}</th>
            <th scope="col">{t("harborfall.chart.rolled")}</th>
            <th scope="col">{t("harborfall.chart.expected")}</th>
          </tr>
        </thead>
        <tbody>
          {v.rolled.map((c, i) => (
            <tr key={i}>
              <th scope="row">{i + 2}</th>
              <td>{c}</td>
              <td>{formatNumber(expected[i]!, { minimumFractionDigits: 1, maximumFractionDigits: 1 })}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
