// The replay of a finished game: the game's own screens show the position
// after any move, with controls to step, jump, play at a speed, see every
// hand (when the host allows), download the game file and play on from the
// moment shown. Three sources: a table the person was at, the TV (by its
// code, public only) and a game file opened from disk.

import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { api, ApiError, call, exportHref } from "../api";
import { gameInfo } from "../gameList";
import { GameScreen } from "../games/GameScreen";
import { OfflineNotice, unreachable, useLoad } from "../components/Offline";
import { useFollowNext } from "../components/PlayAgain";
import { decodeLobby, decodeLogMoves, type Lobby, type Position } from "../protocol";
import { clampAt, fileLobby, logLines, positionData, SPEEDS, startAt, type LogLine } from "../replay";
import { go, href, type Route } from "../router";
import { ensureSession, me } from "../session";
import { emptyTable, TableStore } from "../state";
import { useTable } from "./Table";
import { errorText } from "../i18n/errors";
import { t, tr } from "../i18n/i18n";

type Source = { kind: "table"; id: string } | { kind: "tv"; code: string } | { kind: "file"; doc: unknown };

/** fetchPosition asks the server for the position after at moves of a game of game. */
function fetchPosition(src: Source, at: number, hands: boolean, game: string): Promise<Position> {
  switch (src.kind) {
    case "table":
      return api.replay(src.id, at, hands, game);
    case "tv":
      return api.tvReplay(src.code, at).then((r) => r.position);
    case "file":
      return api.replayFile(src.doc, at, game);
  }
}

function message(e: unknown): string {
  return errorText(e, "replay.failed");
}

/** Replay is the screen of the replay routes. */
export function Replay({ route }: { route: Extract<Route, { name: "replay" | "tvReplay" | "replayFile" }> }) {
  const [doc, setDoc] = useState<unknown>(null);
  if (route.name === "replayFile" && doc === null) return <OpenFile onOpen={setDoc} />;
  const src: Source =
    route.name === "replay" ? { kind: "table", id: route.id } : route.name === "tvReplay" ? { kind: "tv", code: route.code } : { kind: "file", doc };
  return <ReplayOf src={src} />;
}

function OpenFile({ onOpen }: { onOpen: (doc: unknown) => void }) {
  const [error, setError] = useState("");
  return (
    <div class="page">
      <section class="panel" aria-labelledby="open-file-h">
        <h1 id="open-file-h">{t("replay.openTitle")}</h1>
        <p>{t("replay.openText")}</p>
        <label for="game-file">{t("replay.gameFile")}</label>
        <input
          id="game-file"
          type="file"
          accept="application/json,.json"
          data-testid="game-file"
          onChange={async (e) => {
            const f = e.currentTarget.files?.[0];
            if (!f) return;
            try {
              onOpen(JSON.parse(await f.text()));
            } catch {
              setError(t("replay.notAFile"));
            }
          }}
        />
        {error ? (
          <p class="error" role="alert">
            {error}
          </p>
        ) : null}
        <a href="/">{t("frame.backToStart")}</a>
      </section>
    </div>
  );
}

function ReplayOf({ src }: { src: Source }) {
  const tv = src.kind === "tv";
  const [lobby, setLobby] = useState<Lobby | null>(null);
  const [log, setLog] = useState<LogLine[]>([]);
  const [pos, setPos] = useState<Position | null>(null);
  const [at, setAt] = useState(() => startAt(location.search));
  const [viewer, setViewer] = useState(-1);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<number>(1);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const store = useMemo(() => TableStore.offline(emptyTable()), []);
  const cache = useRef(new Map<string, Promise<Position>>());
  const hands = viewer >= 0;

  const position = (n: number, withHands: boolean) => {
    const key = `${n}:${withHands}`;
    let p = cache.current.get(key);
    if (!p) {
      p = fetchPosition(src, n, withHands, lobby?.game ?? "");
      p.catch(() => cache.current.delete(key));
      cache.current.set(key, p);
    }
    return p;
  };

  // The table (names, seats, colors) and, for members, the whole log.
  // Offline the replay says so and opens by itself once the server answers.
  const offline = useLoad(
    async () => {
      if (src.kind === "table") {
        if (me.value === "") await ensureSession();
        // A log the server will not give (not a member) is an empty one; no server at all is offline.
        const full = call<{ moves?: unknown }>("GET", `/api/tables/${encodeURIComponent(src.id)}/log`).catch((e: unknown) => {
          if (unreachable(e)) throw e;
          return null;
        });
        const [t, moves] = await Promise.all([api.table(src.id), full.then((f) => f?.moves)]);
        const l = decodeLobby(t, me.value);
        setLobby(l);
        setLog(logLines(decodeLogMoves(moves, l.game)));
      } else if (src.kind === "tv") {
        setLobby((await api.tvReplay(src.code, 0)).lobby);
      } else {
        const l = fileLobby(src.doc, "");
        if (!l) throw new ApiError(400, { code: "invalid", message: t("replay.notAFile"), msg: { id: "replay.notAFile" } });
        setLobby({ ...l, gameName: gameInfo(l.game)?.name ?? l.game });
      }
    },
    (e) => setError(message(e)),
  );

  // The position shown follows at (and the viewer); the address follows too.
  useEffect(() => {
    if (!lobby) return;
    let live = true;
    const first = at < 0 ? position(0, false).then((p) => p.total) : Promise.resolve(at);
    first
      .then((n) => {
        if (at < 0) {
          setAt(n);
          return null;
        }
        return position(n, hands);
      })
      .then((p) => {
        if (!live || !p) return;
        setPos(p);
        setError("");
        store.data.value = positionData(lobby, p, viewer, log);
        if (src.kind !== "file") history.replaceState(null, "", `${location.pathname}?at=${p.at}`);
        if (p.at < p.total) void position(p.at + 1, hands); // ready for the next step
      })
      .catch((e) => {
        if (!live) return;
        setError(message(e));
        setPlaying(false);
      });
    return () => {
      live = false;
    };
  }, [lobby, at, viewer, log]);

  // Autoplay: one move per 1/speed seconds until the end.
  useEffect(() => {
    if (!playing || !pos) return;
    if (pos.at >= pos.total) {
      setPlaying(false);
      return;
    }
    const t = setTimeout(() => setAt(pos.at + 1), 1000 / speed);
    return () => clearTimeout(t);
  }, [playing, pos, speed]);

  if (offline && !lobby) {
    return (
      <div class={tv ? "tv tv-wait" : "page"}>
        <h1>{t("replay.title")}</h1>
        <OfflineNotice />
        <a href="/">{t("frame.backToStart")}</a>
      </div>
    );
  }
  if (error && !pos) {
    return (
      <div class={tv ? "tv tv-wait" : "page"}>
        <p class="error" role="alert">
          {error}
        </p>
        <a href="/">{t("frame.backToStart")}</a>
      </div>
    );
  }
  if (!lobby || !pos) return <p class={tv ? "tv-wait" : "page"}>{t("loading.replay")}</p>;
  const total = pos.total;
  const step = (n: number) => {
    setPlaying(false);
    setAt(clampAt(n, total));
  };
  const playFromHere = async () => {
    if (src.kind !== "table") return;
    setBusy(true);
    try {
      go(href({ name: "table", id: await api.fork(src.id, pos.at) }));
    } catch (e) {
      setError(message(e));
      setBusy(false);
    }
  };
  const canSeeHands = src.kind === "file" || (src.kind === "table" && !lobby.hideHands);
  return (
    <div class={tv ? "replay replay-tv" : "replay"}>
      {src.kind === "tv" ? <FollowNextTv code={src.code} /> : null}
      <div class="replay-game">
        {tv ? <h1 class="sr-only">{t("replay.of", { game: lobby.gameName || gameInfo(lobby.game)?.name || t("replay.aGame") })}</h1> : null}
        <GameScreen game={lobby.game} which={tv ? "Tv" : "Player"} store={store} fallback={<p class="page">{t("replay.noScreen")}</p>} />
      </div>
      <section class="replay-bar" aria-label={t("replay.controls")} data-testid="replay-bar" data-at={pos.at} data-total={total}>
        {src.kind === "table" ? <NextTable id={src.id} /> : null}
        <p class="replay-where" aria-live="polite">
          {tr("replay.where", { at: pos.at, total, b: (w) => <strong data-testid="replay-at">{w}</strong> })}
          {pos.at === 0 ? t("replay.atStart") : pos.at === total ? t("replay.atEnd") : ""}
        </p>
        <div class="replay-buttons">
          <button type="button" class="btn" onClick={() => step(0)} disabled={pos.at === 0} aria-label={t("replay.toStart")}>
            {t("replay.start")}
          </button>
          <button type="button" class="btn" onClick={() => step(pos.at - 1)} disabled={pos.at === 0} aria-label={t("replay.back")} data-testid="replay-back">
            ◀
          </button>
          <button type="button" class="btn btn-primary" onClick={() => setPlaying(!playing)} disabled={pos.at >= total} data-testid="replay-play">
            {playing ? t("replay.pause") : t("replay.play")}
          </button>
          <button
            type="button"
            class="btn"
            onClick={() => step(pos.at + 1)}
            disabled={pos.at >= total}
            aria-label={t("replay.forward")}
            data-testid="replay-forward"
          >
            ▶
          </button>
          <button type="button" class="btn" onClick={() => step(total)} disabled={pos.at >= total} aria-label={t("replay.toEnd")}>
            {t("replay.end")}
          </button>
        </div>
        <label class="replay-slider">
          <span class="sr-only">{t("replay.jump")}</span>
          <input type="range" min={0} max={total} value={pos.at} onChange={(e) => step(Number(e.currentTarget.value))} data-testid="replay-slider" />
        </label>
        {error ? (
          <p class="error" role="alert">
            {error}
          </p>
        ) : null}
      </section>
      {tv ? null : (
        <section class="panel replay-more" aria-label={t("replay.settings")}>
          <label>
            {t("replay.speed")}{" "}
            <select value={String(speed)} onChange={(e) => setSpeed(Number(e.currentTarget.value))} data-testid="replay-speed">
              {SPEEDS.map((s) => (
                <option key={s} value={String(s)}>
                  {t("replay.perSecond", { n: s })}
                </option>
              ))}
            </select>
          </label>
          {canSeeHands ? (
            <label>
              {t("replay.show")}{" "}
              <select value={String(viewer)} onChange={(e) => setViewer(Number(e.currentTarget.value))} data-testid="replay-viewer">
                <option value="-1">{t("replay.everyone")}</option>
                {lobby.seats.map((s) => (
                  <option key={s.index} value={String(s.index)}>
                    {t("replay.hand", { name: s.name })}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          {src.kind === "table" ? (
            <div class="replay-actions">
              <button
                type="button"
                class="btn"
                onClick={playFromHere}
                disabled={busy || pos.at >= total}
                aria-describedby="play-on-help"
                data-testid="play-from-here"
              >
                {t("replay.playOn", { at: pos.at })}
              </button>
              <small id="play-on-help" class="hint">
                {t("replay.playOnHelp")}
              </small>
              <a class="btn" href={exportHref(src.id)} download={`harbor-${lobby.game}-${src.id}.json`} data-testid="replay-download">
                {t("replay.download")}
              </a>
              <a href={href({ name: "table", id: src.id })}>{t("replay.backToTable")}</a>
            </div>
          ) : null}
        </section>
      )}
      {log.length > 0 && !tv ? (
        <section class="panel replay-log" aria-labelledby="replay-log-h">
          <h2 id="replay-log-h">{t("replay.moves")}</h2>
          <ol>
            {log.map((l) => (
              <li key={l.at} class={`${l.at === pos.at ? "replay-now" : ""} ${l.undone ? "replay-undone" : ""}`}>
                <button type="button" class="link" onClick={() => step(l.at)} aria-current={l.at === pos.at ? "step" : undefined}>
                  {l.at}. {l.text}
                  {l.undone ? <span class="replay-undone-mark">{t("replay.undone")}</span> : null}
                </button>
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </div>
  );
}

/**
 * NextTable listens on the finished table's own socket, as the table page
 * does, for the table that "play on" or "play again" opens from it, and then
 * asks the person, in the replay's controls and without taking them away
 * from the move they are studying, to join it: their seat there is theirs
 * already. It asks too when the new
 * table was opened before the replay was.
 */
function NextTable({ id }: { id: string }) {
  const store = useTable(`/ws?table=${encodeURIComponent(id)}`);
  const next = store.data.value.lobby?.next ?? "";
  const [shown, setShown] = useState("");
  const [about, setAbout] = useState<Lobby | null>(null);
  useEffect(() => {
    setAbout(null);
    if (!next) return;
    setShown(next);
    let live = true;
    api.table(next).then(
      (t) => live && setAbout(decodeLobby(t, me.value)),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [next]);
  if (!next || shown !== next) return null;
  // The person who pressed it, in another tab of theirs, reads "You".
  const by = about?.host ? "you" : "other";
  const name = about?.hostName || t("replay.someone");
  const mine = about?.seats.find((s) => s.you);
  return (
    <div class="replay-next" role="status" data-testid="replay-next">
      <p>
        {about && about.forkAt > 0 ? t("replay.nextFork", { by, name, at: about.forkAt }) : t("replay.nextAfter", { by, name })}{" "}
        {mine ? t("replay.nextSeat") : t("replay.nextInvited")}
      </p>
      <span class="replay-next-actions">
        <a class="button btn-primary" href={href({ name: "table", id: next })} data-testid="replay-next-join">
          {t("replay.nextJoin")}
        </a>
        <button type="button" class="btn" onClick={() => setShown("")} data-testid="replay-next-later">
          {t("replay.nextLater")}
        </button>
      </span>
    </div>
  );
}

/**
 * FollowNextTv takes the TV from the replay to the TV screen of a table
 * opened from this game while the replay is shown, as the TV at the table
 * does: the room plays on there. A table opened before the replay was
 * leaves the TV where it is.
 */
function FollowNextTv({ code }: { code: string }) {
  const store = useTable(`/ws?tv=${encodeURIComponent(code)}`);
  const lobby = store.data.value.lobby;
  const before = useRef<string | null>(null);
  if (lobby && before.current === null) before.current = lobby.nextTV;
  useFollowNext(lobby && lobby.nextTV !== before.current ? lobby : null, true);
  return null;
}
