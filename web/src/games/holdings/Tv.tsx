// Harbor Holdings on the TV, in the shared TvFrame: the big board with the
// dice and the last move in its middle, and beside it the players with their
// cash, whose last change (Delta) has a cell of its own so nothing moves when
// it shows, the open trade, and the log.

import { Delta } from "../../components/Delta";
import { SeatBadge } from "../../components/SeatBadge";
import { keepNames, colorName, seatColor } from "../../format";
import { eventText, formatNumber, t } from "../../i18n/i18n";
import type { TableStore } from "../../state";
import { Die } from "../../components/Die";
import { Board } from "./Board";
import { CELL, SIDE } from "./board";
import { tradeText } from "./moves";
import { Ranking, WorthChart } from "./Panels";
import { TvFrame } from "../../components/TvFrame";
import { CentreLine, GameOverCentre, turnLine, whoseTurn, winnersLine } from "./Player";
import { decodeView, holdingsOf, latestSpace, rollKey, type HoldingsView } from "./view";

function TvCentre({ view, version, rolled, lastText }: { view: HoldingsView; version: number; rolled: number; lastText: string }) {
  const inner = SIDE - 2 * CELL;
  return (
    <g>
      <g key={rolled}>
        <Die value={view.dice[0]} x={inner / 2 - 150} y={190} size={130} rolling={rolled > 0} />
        <Die value={view.dice[1]} x={inner / 2 + 20} y={190} size={130} rolling={rolled > 0} />
      </g>
      <CentreLine y={420} text={whoseTurn(view, -1)} />
      <foreignObject x={40} y={460} width={inner - 80} height={200}>
        <p class="tv-last" key={version}>
          {lastText}
        </p>
      </foreignObject>
    </g>
  );
}

function TvPlayers({ view, colors }: { view: HoldingsView; colors: string[] }) {
  return (
    <ul class="tv-players">
      {view.order.map((seat) => {
        const out = view.out.includes(seat);
        return (
          <li key={seat} class={`${seat === view.turn ? "tv-turn" : ""} ${out ? "player-out" : ""}`}>
            <SeatBadge seat={seat} color={colors[seat]} size={44} />
            <span class="tv-pname">{view.names[seat]}</span>
            <span class="tv-cash">{out ? t("holdings.tag.bankrupt") : formatNumber(view.cash[seat] ?? 0)}</span>
            <span class="tv-delta">
              <Delta value={view.cash[seat] ?? 0} />
            </span>
            <span class="tv-pmeta">
              {t("holdings.tv.meta", {
                color: colorName(seatColor(seat, colors[seat]).name),
                worth: view.netWorth[seat] ?? 0,
                held: holdingsOf(view, seat).length,
              })}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/** HoldingsTv is the Harbor Holdings board for the living-room TV, in the frame every TV shares. */
export function HoldingsTv({ store }: { store: TableStore }) {
  return (
    <TvFrame
      store={store}
      parts={({ data, game: g, over, colors }) => {
        const view = decodeView(
          g.view,
          (data.lobby?.seats ?? []).map((s) => s.name),
        );
        const lastLine = data.log[data.log.length - 1];
        const last = keepNames(lastLine ? eventText(lastLine) : "", view.names);
        return {
          game: "holdings",
          class: "tv-play",
          layout: { board: "tv-board", side: "tv-side tv-bar-room" },
          turnLine: over ? null : keepNames(turnLine(view, -1), view.names),
          board: (
            <Board
              big
              view={view}
              colors={colors}
              highlight={view.landed >= 0 ? view.landed : undefined}
              pulse={latestSpace(data.log, data.logVersions)}
              pulseKey={data.version}
              label={t("holdings.tv.board")}
            >
              {over ? (
                <GameOverCentre text={winnersLine(view, g.result)} />
              ) : (
                <TvCentre view={view} version={data.version} rolled={rollKey(data.log, data.logVersions)} lastText={last} />
              )}
            </Board>
          ),
          side: <TvPlayers view={view} colors={colors} />,
          log: { limit: 8, names: view.names, room: true },
          // An open trade stands under the log, which gives it room from its foot: nothing above moves.
          foot: view.trade ? (
            <section class="panel tv-trade" data-testid="tv-trade">
              <h2>{t("holdings.tv.trade")}</h2>
              <p>{tradeText(view.trade, view.names, -1)}</p>
            </section>
          ) : null,
          final: (
            <>
              <Ranking result={g.result} view={view} colors={colors} />
              <section class="panel">
                <WorthChart view={view} colors={colors} width={780} height={170} padLeft={84} />
              </section>
            </>
          ),
        };
      }}
    />
  );
}
