import { useEffect } from "preact/hooks";
import { api, tvQrSrc, whyRefused } from "../api";
import { Delta } from "../components/Delta";
import { SeatBadge } from "../components/SeatBadge";
import { LinkBanner, Refused } from "../components/Status";
import { coins, seatColor } from "../format";
import { gameInfo } from "../games";
import { Board, Die } from "../holdings/Board";
import { CELL, SIDE } from "../holdings/board";
import { tradeText } from "../holdings/moves";
import { LogPanel, Ranking, WorthChart } from "../holdings/Panels";
import { GameOverCentre, turnLine, winnersLine } from "../holdings/Player";
import { decodeView, holdingsOf, latestSpace, rollKey, type HoldingsView } from "../holdings/view";
import type { Lobby } from "../protocol";
import { absolute } from "../router";
import type { TableStore } from "../state";
import { ComingSoon, useTable } from "./Table";

function TvLobby({ lobby }: { lobby: Lobby }) {
  const link = absolute({ name: "join", invite: lobby.invite }, location.origin);
  const filled = lobby.seats.filter((s) => s.kind !== "empty");
  return (
    <div class="tv tv-lobby">
      <section class="tv-join">
        <h1>{lobby.gameName || gameInfo(lobby.game)?.name || "Harbor"}</h1>
        <p class="tv-big">Scan to join</p>
        <img class="qr" src={tvQrSrc(lobby.tvCode)} width={440} height={440} alt={`QR code of the invite link ${link}`} data-testid="tv-qr" />
        <p class="tv-big">
          or enter the code <strong class="code tv-code" data-testid="tv-code">{lobby.code}</strong>
        </p>
        <p class="tv-url">at {location.host}</p>
      </section>
      <section class="tv-seats" aria-labelledby="tv-seats-h">
        <h2 id="tv-seats-h">
          Players ({filled.length} of {lobby.seats.length} seats)
        </h2>
        <ul>
          {lobby.seats.map((s) => (
            <li key={s.index} class={`tv-seat tv-seat-${s.kind}`} data-testid={`tv-seat-${s.index}`}>
              <SeatBadge seat={s.index} color={s.color} empty={s.kind === "empty"} size={56} />
              <span class="tv-seat-name">{s.kind === "empty" ? "Waiting for a player…" : s.name}</span>
              {s.kind === "human" ? <span class={s.ready || s.host ? "mark-ok" : "mark-wait"}>{s.host ? "✓ Host" : s.ready ? "✓ Ready" : "Not ready yet"}</span> : null}
              {s.kind === "bot" ? <span class="mark-ok">Computer</span> : null}
            </li>
          ))}
        </ul>
        <p class="tv-hint">The game starts when the host presses Start.</p>
      </section>
    </div>
  );
}

function TvCentre({ view, version, rolled, lastText }: { view: HoldingsView; version: number; rolled: number; lastText: string }) {
  const inner = SIDE - 2 * CELL;
  return (
    <g>
      <g key={rolled}>
        <Die value={view.dice[0]} x={inner / 2 - 150} y={190} size={130} rolling={rolled > 0} />
        <Die value={view.dice[1]} x={inner / 2 + 20} y={190} size={130} rolling={rolled > 0} />
      </g>
      <text x={inner / 2} y={420} text-anchor="middle" class="board-turn">
        {view.names[view.turn]}'s turn
      </text>
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
            <span class="tv-pname">
              {view.names[seat]}
              <small>{seatColor(seat, colors[seat]).name}</small>
            </span>
            <span class="tv-cash">
              {out ? "bankrupt" : coins(view.cash[seat] ?? 0)}
              <Delta value={view.cash[seat] ?? 0} />
            </span>
            <span class="tv-worth">
              <small>net worth</small> {coins(view.netWorth[seat] ?? 0)}
            </span>
            <span class="tv-count">{holdingsOf(view, seat).length} held</span>
          </li>
        );
      })}
    </ul>
  );
}

function TvHoldings({ store }: { store: TableStore }) {
  const data = store.data.value;
  const g = data.game!;
  const seats = data.lobby?.seats ?? [];
  const colors = seats.map((s) => s.color);
  const view = decodeView(g.view, seats.map((s) => s.name));
  const last = data.log[data.log.length - 1]?.text ?? "";
  const over = g.result.over;
  return (
    <div class="tv tv-play">
      <div class="tv-board">
        <Board view={view} colors={colors} highlight={view.landed >= 0 ? view.landed : undefined}
            pulse={latestSpace(data.log, data.logVersions)}
            pulseKey={data.version} label="Harbor Holdings board">
          {over ? <GameOverCentre text={winnersLine(view, g.result)} /> : <TvCentre view={view} version={data.version} rolled={rollKey(data.log, data.logVersions)} lastText={last} />}
        </Board>
      </div>
      <div class="tv-side">
        {over ? (
          <>
            <Ranking result={g.result} view={view} colors={colors} />
            <section class="panel">
              <WorthChart view={view} colors={colors} width={780} height={330} />
            </section>
          </>
        ) : (
          <>
            <p class="tv-status" data-testid="tv-turn">
              {turnLine(view, -1)}
            </p>
            <TvPlayers view={view} colors={colors} />
            {view.trade ? (
              <section class="panel tv-trade" data-testid="tv-trade">
                <h2>Open trade</h2>
                <p>{tradeText(view.trade, view.names, -1)}</p>
              </section>
            ) : null}
            <LogPanel log={data.log} limit={8} title="What happened" />
          </>
        )}
      </div>
    </div>
  );
}

/** Tv is the read-only public screen for a living-room TV at 1920 × 1080. */
export function Tv({ code }: { code: string }) {
  const store = useTable(`/ws?tv=${encodeURIComponent(code)}`, () => whyRefused(() => api.tv(code)));
  useEffect(() => {
    document.documentElement.classList.add("tv-root");
    return () => document.documentElement.classList.remove("tv-root");
  }, []);
  const { lobby, game } = store.data.value;
  let body;
  if (store.fatal.value) body = <Refused reason={store.fatal.value} />;
  else if (!lobby && !game) body = <p class="tv-wait">Connecting the TV screen…</p>;
  else if (lobby && lobby.status === "lobby") body = <TvLobby lobby={lobby} />;
  else if (lobby?.game === "holdings" && game) body = <TvHoldings store={store} />;
  else if (!game) body = <p class="tv-wait">Waiting for the game…</p>;
  else body = <ComingSoon game={lobby?.game ?? ""} />;
  return (
    <>
      <LinkBanner store={store} />
      {body}
    </>
  );
}
