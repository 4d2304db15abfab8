// Harbor Holdings' panels beside the board: the players with their cash and
// holdings, the final ranking, and the net-worth chart (a SeatChart with a
// table for screen readers). They only show the view.

import { SeatBadge } from "../../components/SeatBadge";
import { ranking } from "../../components/ranking";
import { SeatChart, seatLine } from "../../components/SeatChart";
import { colorName, seatColor } from "../../format";
import { formatNumber, t } from "../../i18n/i18n";
import type { GameResult, Seat } from "../../protocol";
import { groupOf, SPACES, spaceName } from "./board";
import { holdingsOf, type HoldingsView } from "./view";

/** HoldingChip names one property with its group color and improvement count. */
export function HoldingChip({ space, level, onClick }: { space: number; level: number; onClick?: () => void }) {
  const g = groupOf(space);
  const kind = SPACES[space]?.kind;
  const body = (
    <>
      <span class="chip-swatch" style={{ background: g?.fill ?? (kind === "ferry" ? "#5c677d" : "#b0a990") }} aria-hidden="true" />
      {spaceName(space)}
      {level > 0 ? <span class="chip-level"> ▲{level}</span> : null}
      <span class="sr-only">
        {g ? t("holdings.chip.group", { group: g.name }) : kind ? t("holdings.chip.kind", { kind: t(`holdings.kind.${kind}`) }) : ""}
        {level > 0 ? t("holdings.cell.levels", { n: level }) : ""}
      </span>
    </>
  );
  return onClick ? (
    <button type="button" class="chip" onClick={onClick}>
      {body}
    </button>
  ) : (
    <span class="chip">{body}</span>
  );
}

export function PlayersPanel({ view, colors, me, onSpace }: { view: HoldingsView; colors: string[]; me: Seat; onSpace?: (i: number) => void }) {
  return (
    <section class="panel players" aria-labelledby="players-h">
      <h2 id="players-h">{t("holdings.players")}</h2>
      <ul class="player-list">
        {view.order.map((seat) => {
          const out = view.out.includes(seat);
          const hs = holdingsOf(view, seat);
          return (
            <li
              key={seat}
              class={`player ${seat === view.turn && view.phase !== "over" ? "player-turn" : ""} ${out ? "player-out" : ""}`}
              data-testid={`player-${seat}`}
            >
              <div class="player-head">
                <SeatBadge seat={seat} color={colors[seat]} />
                <strong>{view.names[seat]}</strong>
                {seat === me ? <span class="tag">{t("holdings.tag.you")}</span> : null}
                {seat === view.turn && !out && view.phase !== "over" ? <span class="tag tag-turn">{t("holdings.tag.turn")}</span> : null}
                {out ? <span class="tag tag-out">{t("holdings.tag.bankrupt")}</span> : null}
                <span class="color-name">{colorName(seatColor(seat, colors[seat]).name)}</span>
              </div>
              <dl class="player-figures">
                <div>
                  <dt>{t("holdings.fig.coins")}</dt>
                  <dd data-testid={`cash-${seat}`}>{formatNumber(view.cash[seat] ?? 0)}</dd>
                </div>
                <div>
                  <dt>{t("holdings.fig.worth")}</dt>
                  <dd>{formatNumber(view.netWorth[seat] ?? 0)}</dd>
                </div>
                <div>
                  <dt>{t("holdings.fig.holdings")}</dt>
                  <dd>{formatNumber(hs.length)}</dd>
                </div>
                {out ? null : (
                  <div>
                    <dt>{t("holdings.fig.on")}</dt>
                    <dd>{spaceName(view.pos[seat] ?? 0)}</dd>
                  </div>
                )}
              </dl>
              {hs.length ? (
                <div class="chips" role="group" aria-label={t("holdings.holdingsOf", { who: view.names[seat] ?? "" })}>
                  {hs.map((h) => (
                    <HoldingChip key={h} space={h} level={view.improvements[h] ?? 0} onClick={onSpace ? () => onSpace(h) : undefined} />
                  ))}
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export function Ranking({ result, view, colors }: { result: GameResult; view: HoldingsView; colors: string[] }) {
  const rows = ranking(result, view.players);
  const why =
    result.reason === "bankruptcy" ? t("holdings.rank.solvent") : result.reason === "round_limit" ? t("holdings.rank.limit", { n: view.roundLimit }) : "";
  return (
    <section class="panel ranking" aria-labelledby="rank-h" data-testid="ranking">
      <h2 id="rank-h">{t("holdings.rank.title")}</h2>
      {why ? <p class="hint">{t("holdings.rank.over", { why })}</p> : null}
      <ol class="rank-list">
        {rows.map((r) => (
          <li key={r.seat} class={r.place === 1 ? "winner" : ""}>
            <span class="rank-place">{r.place ? t("holdings.rank.place", { n: r.place }) : t("holdings.rank.out")}</span>
            <SeatBadge seat={r.seat} color={colors[r.seat]} />
            <span class="rank-name">{view.names[r.seat]}</span>
            <span class="rank-score">{r.place ? t("holdings.rank.worth", { n: r.score }) : t("holdings.tag.bankrupt")}</span>
            {r.place === 1 ? <span class="tag tag-turn">{t(result.winners.length > 1 ? "holdings.rank.shared" : "holdings.rank.winner")}</span> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** WorthChart draws each player's net worth round by round, with a data table for screen readers. */
export function WorthChart({
  view,
  colors,
  width = 640,
  height = 300,
  padLeft = 56,
}: {
  view: HoldingsView;
  colors: string[];
  width?: number;
  height?: number;
  /** room for the money axis's labels: more on the TV, whose labels are larger */
  padLeft?: number;
}) {
  const rows = view.history.length > 0 ? view.history : [view.netWorth];
  const max = Math.max(1, ...rows.flat());
  const every = Math.max(1, Math.ceil(rows.length / 10));
  return (
    <SeatChart
      caption={t("holdings.chart.caption")}
      label={t("holdings.chart.label")}
      rows={rows}
      lines={Array.from({ length: view.players }, (_, seat) => seatLine(seat, view.names[seat] ?? "", colors[seat]))}
      xTicks={rows
        .map((_, r) => r)
        .filter((r) => r % every === 0 || r === rows.length - 1)
        .map((r) => ({ x: r, text: formatNumber(r) }))}
      yTicks={[0, 0.25, 0.5, 0.75, 1].map((f) => Math.round((max * f) / 50) * 50).map((v) => ({ value: v, text: formatNumber(v) }))}
      max={max}
      padLeft={padLeft}
      width={width}
      height={height}
      tableCaption={t("holdings.chart.table")}
      xHeading={t("holdings.chart.round")}
      rowLabel={(r) => r}
    />
  );
}
