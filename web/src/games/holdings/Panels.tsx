// Harbor Holdings' panels beside the board: the players with their cash and
// holdings, the final ranking, and the net-worth chart (a SeatChart with a
// table for screen readers). They only show the view.

import { SeatBadge } from "../../components/SeatBadge";
import { ranking } from "../../components/ranking";
import { SeatChart, seatLine } from "../../components/SeatChart";
import { coins, ordinal, seatColor } from "../../format";
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
        {g ? `, ${g.name} group` : kind ? `, ${kind}` : ""}
        {level > 0 ? `, ${level} improvements` : ""}
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
      <h2 id="players-h">Players</h2>
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
                {seat === me ? <span class="tag">you</span> : null}
                {seat === view.turn && !out && view.phase !== "over" ? <span class="tag tag-turn">on turn</span> : null}
                {out ? <span class="tag tag-out">bankrupt</span> : null}
                <span class="color-name">{seatColor(seat, colors[seat]).name}</span>
              </div>
              <dl class="player-figures">
                <div>
                  <dt>Coins</dt>
                  <dd data-testid={`cash-${seat}`}>{coins(view.cash[seat] ?? 0)}</dd>
                </div>
                <div>
                  <dt>Net worth</dt>
                  <dd>{coins(view.netWorth[seat] ?? 0)}</dd>
                </div>
                <div>
                  <dt>Holdings</dt>
                  <dd>{hs.length}</dd>
                </div>
                {out ? null : (
                  <div>
                    <dt>On</dt>
                    <dd>{spaceName(view.pos[seat] ?? 0)}</dd>
                  </div>
                )}
              </dl>
              {hs.length ? (
                <div class="chips" role="group" aria-label={`${view.names[seat]}'s holdings`}>
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
    result.reason === "bankruptcy"
      ? "the last solvent player wins"
      : result.reason === "round_limit"
        ? `after ${view.roundLimit} rounds, the highest net worth wins`
        : "";
  return (
    <section class="panel ranking" aria-labelledby="rank-h" data-testid="ranking">
      <h2 id="rank-h">Final ranking</h2>
      {why ? <p class="hint">The game is over: {why}.</p> : null}
      <ol class="rank-list">
        {rows.map((r) => (
          <li key={r.seat} class={r.place === 1 ? "winner" : ""}>
            <span class="rank-place">{r.place ? ordinal(r.place) : "out"}</span>
            <SeatBadge seat={r.seat} color={colors[r.seat]} />
            <span class="rank-name">{view.names[r.seat]}</span>
            <span class="rank-score">{r.place ? `${coins(r.score)} net worth` : "bankrupt"}</span>
            {r.place === 1 ? <span class="tag tag-turn">{result.winners.length > 1 ? "shared win" : "winner"}</span> : null}
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
      caption="Net worth round by round"
      label="Chart of each player's net worth after every round; the table below has the numbers"
      rows={rows}
      lines={Array.from({ length: view.players }, (_, seat) => seatLine(seat, view.names[seat] ?? "", colors[seat]))}
      xTicks={rows
        .map((_, r) => r)
        .filter((r) => r % every === 0 || r === rows.length - 1)
        .map((r) => ({ x: r, text: String(r) }))}
      yTicks={[0, 0.25, 0.5, 0.75, 1].map((f) => Math.round((max * f) / 50) * 50).map((t) => ({ value: t, text: coins(t) }))}
      max={max}
      padLeft={padLeft}
      width={width}
      height={height}
      tableCaption="Net worth after each round"
      xHeading="Round"
      rowLabel={(r) => r}
    />
  );
}
