import { useEffect } from "preact/hooks";
import { api, tvQrSrc, whyRefused } from "../api";
import { SeatBadge } from "../components/SeatBadge";
import { LinkBanner, Refused } from "../components/Status";
import { gameInfo } from "../gameList";
import { computerLabel } from "../lobby";
import type { Lobby } from "../protocol";
import { absolute } from "../router";
import { GameScreen } from "../games/GameScreen";
import { ComingSoon, useTable } from "./Table";

function TvLobby({ lobby }: { lobby: Lobby }) {
  const link = absolute({ name: "join", invite: lobby.invite }, location.origin);
  const filled = lobby.seats.filter((s) => s.kind !== "empty");
  const levels = gameInfo(lobby.game)?.levels ?? ["normal"];
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
              {s.kind === "bot" ? (
                <span class="mark-ok tv-level" data-testid={`tv-level-${s.index}`}>
                  {computerLabel(s.level, levels)}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
        <p class="tv-hint">The game starts when the host presses Start.</p>
      </section>
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
  else if (!game) body = <p class="tv-wait">Waiting for the game…</p>;
  else body = <GameScreen game={lobby?.game ?? ""} which="Tv" store={store} fallback={<ComingSoon game={lobby?.game ?? ""} />} />;
  return (
    <>
      <LinkBanner store={store} />
      {body}
    </>
  );
}
