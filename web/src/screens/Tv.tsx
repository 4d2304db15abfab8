// The TV (/tv/<code>): a read-only, public screen at 1920 × 1080 that connects
// with the TV code only and never acts. Tv connects; TvScreen draws everything
// from the table's store (the lobby with its QR code, then the game's TV screen
// in its TvFrame, the chat toasts, the full-screen button), so the gallery can
// draw it without a server. TvEntry is /tv without a code, where the code is
// typed.

import { useEffect, useState } from "preact/hooks";
import { api, ApiError, tvQrSrc } from "../api";
import { ChatToasts } from "../components/Chat";
import { CodeForm } from "../components/CodeForm";
import { useFollowNext } from "../components/PlayAgain";
import { LiveTable } from "../components/PlayFrame";
import { SeatBadge } from "../components/SeatBadge";
import { ensureSession, linkBase } from "../session";
import { LinkBanner, Refused } from "../components/Status";
import { gameInfo } from "../gameList";
import { computerLabel } from "../lobby";
import type { Lobby } from "../protocol";
import type { TableStore } from "../state";
import { absolute, href } from "../router";
import { GameScreen } from "../games/GameScreen";
import { followHostLanguage } from "../i18n/i18n";
import { ComingSoon, useTable } from "./Table";
import { errorText, whyRefused } from "../i18n/errors";
import { t, tr } from "../i18n/i18n";

function TvLobby({ lobby }: { lobby: Lobby }) {
  const link = absolute({ name: "join", invite: lobby.invite }, linkBase());
  const filled = lobby.seats.filter((s) => s.kind !== "empty");
  const levels = gameInfo(lobby.game)?.levels ?? ["normal"];
  return (
    <div class="tv tv-lobby">
      <h1>{lobby.gameName || gameInfo(lobby.game)?.name || "Harbor"}</h1>
      <section class="tv-join">
        <p class="tv-big">{t("tv.scan")}</p>
        <img class="qr" src={tvQrSrc(lobby.tvCode)} width={440} height={440} alt={t("tv.qrAlt", { link })} data-testid="tv-qr" />
        <p class="tv-big">
          {tr("tv.orCode", {
            code: () => (
              <strong class="code tv-code" data-testid="tv-code">
                {lobby.code}
              </strong>
            ),
          })}
        </p>
        <p class="tv-url" data-testid="tv-url">
          {t("tv.at", { address: linkBase().replace(/^https?:\/\//, "") })}
        </p>
      </section>
      <section class="tv-seats" aria-labelledby="tv-seats-h">
        <h2 id="tv-seats-h">{t("tv.players", { filled: filled.length, seats: lobby.seats.length })}</h2>
        <ul>
          {lobby.seats.map((s) => (
            <li key={s.index} class={`tv-seat tv-seat-${s.kind}`} data-testid={`tv-seat-${s.index}`}>
              <SeatBadge seat={s.index} color={s.color} empty={s.kind === "empty"} size={56} />
              <span class="tv-seat-name">{s.kind === "empty" ? t("tv.waitingPlayer") : s.name}</span>
              {s.kind === "human" ? (
                <span class={s.ready || s.host ? "mark-ok" : "mark-wait"}>{s.host ? t("tv.host") : s.ready ? t("tv.ready") : t("tv.notReady")}</span>
              ) : null}
              {s.kind === "bot" ? (
                <span class="mark-ok tv-level" data-testid={`tv-level-${s.index}`}>
                  {computerLabel(s.level, levels)}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
        <p class="tv-hint">{t("tv.startsWhen")}</p>
      </section>
    </div>
  );
}

/** Tv is the read-only public screen for a living-room TV at 1920 × 1080: it connects with the TV code and shows TvScreen. */
export function Tv({ code }: { code: string }) {
  const store = useTable(`/ws?tv=${encodeURIComponent(code)}`, () => whyRefused(() => api.tv(code)));
  const [, setKnown] = useState(false);
  useEffect(
    () =>
      void ensureSession().then(
        () => setKnown(true),
        () => {},
      ),
    [],
  );
  useFollowNext(store.data.value.lobby, true);
  const hostLang = store.data.value.lobby?.hostLang ?? "";
  useEffect(() => void followHostLanguage(hostLang), [hostLang]);
  return <TvScreen store={store} code={code} />;
}

/**
 * TvScreen draws the TV from a table's store: the lobby with its QR code
 * before the start, then the game's TV screen (in its TvFrame, which draws
 * the presence bar and the replay's links), the chat toasts and the
 * full-screen button.
 */
export function TvScreen({ store, code }: { store: TableStore; code: string }) {
  const { lobby, game } = store.data.value;
  let body: preact.JSX.Element;
  if (store.fatal.value) body = <Refused reason={store.fatal.value} />;
  else if (!lobby && !game) body = <p class="tv-wait">{t("tv.connecting")}</p>;
  else if (lobby && lobby.status === "lobby") body = <TvLobby lobby={lobby} />;
  else if (!game) body = <p class="tv-wait">{t("tv.waitingGame")}</p>;
  else body = <GameScreen game={lobby?.game ?? ""} which="Tv" store={store} fallback={<ComingSoon game={lobby?.game ?? ""} />} />;
  const playing = lobby && lobby.status !== "lobby" && game && !store.fatal.value;
  return (
    <LiveTable.Provider value={true}>
      <div
        class={`tv-frame ${playing ? "tv-with-bar" : ""}`}
        data-tv-code={code}
        data-log={store.data.value.log.length}
        data-log-complete={String(store.data.value.logComplete)}
      >
        <LinkBanner store={store} />
        {playing ? <h1 class="sr-only">{t("tv.onTheTv", { game: lobby.gameName || gameInfo(lobby.game)?.name || "Harbor" })}</h1> : null}
        {body}
        <FullscreenButton />
        <ChatToasts store={store} />
      </div>
    </LiveTable.Provider>
  );
}

/** FullscreenButton fills the TV's screen with the page (and back), where the browser allows it: a small icon in the corner, so the presence bar keeps its width. */
function FullscreenButton() {
  const [full, setFull] = useState(document.fullscreenElement !== null);
  useEffect(() => {
    const on = () => setFull(document.fullscreenElement !== null);
    document.addEventListener("fullscreenchange", on);
    return () => document.removeEventListener("fullscreenchange", on);
  }, []);
  if (!document.fullscreenEnabled) return null;
  const label = full ? t("tv.leaveFullScreen") : t("tv.fullScreen");
  const toggle = () => void (full ? document.exitFullscreen() : document.documentElement.requestFullscreen()).catch(() => {});
  return (
    <button type="button" class="tv-fullscreen btn-small" onClick={toggle} data-testid="fullscreen" aria-label={label} title={label}>
      <svg width="28" height="28" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" stroke-width="2.5" stroke-linecap="round">
        <path d={full ? "M9 3v6H3M15 3v6h6M9 21v-6H3M15 21v-6h6" : "M3 9V3h6M21 9V3h-6M3 15v6h6M21 15v6h-6"} />
      </svg>
    </button>
  );
}

/** TvEntry is /tv without a code: the TV's browser types the table's TV code. */
export function TvEntry({ go }: { go: (path: string) => void }) {
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const open = async (e: Event) => {
    e.preventDefault();
    const c = code.trim().toUpperCase();
    if (!c) return;
    setBusy(true);
    setError(null);
    try {
      await api.tv(c);
      go(href({ name: "tv", code: c }));
    } catch (err) {
      setError(err instanceof ApiError && err.status === 404 ? t("tv.noSuchCode") : errorText(err, "tv.unreachable"));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div class="tv tv-entry">
      <h1>{t("tv.entryTitle")}</h1>
      <p class="tv-big">{t("tv.entryHelp")}</p>
      <CodeForm
        id="tv-code-input"
        inputClass="tv-code-input"
        label={t("tv.code")}
        placeholder={t("tv.code")}
        value={code}
        onValue={setCode}
        onSubmit={open}
        disabled={busy || !code.trim()}
        primary
      >
        {t("tv.show")}
      </CodeForm>
      {error ? (
        <p class="tv-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
