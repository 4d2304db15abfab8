// A person's screen at one table (/t/<id>): the lobby before the start, then
// the game's play screen (GameScreen) inside LiveTable, and around it what an
// evening at the table has whatever the game: the connection and refusal
// lines, the seat handover banner, who is at the table with the turn alerts'
// switches, the chat and its toasts. It also remembers the table (recent.ts),
// follows "play again" and rings the turn alerts. PlayScreen draws all that
// from a store alone, so the position gallery draws it without a server.

import { useEffect, useMemo, useState } from "preact/hooks";
import { ensureSession, me } from "../session";
import { api } from "../api";
import { whyRefused } from "../i18n/errors";
import { ChatPanel, ChatToasts } from "../components/Chat";
import { ChatRoomPanel } from "../components/ChatRoom";
import { useFollowNext } from "../components/PlayAgain";
import { OfflineNotice, useLoad } from "../components/Offline";
import { LiveTable } from "../components/PlayFrame";
import { Presence } from "../components/Presence";
import { SeatHandover } from "../components/SeatHandover";
import { LinkBanner, NoticeBar, Refused } from "../components/Status";
import { AlertSettings, useTurnAlerts } from "../components/TurnAlerts";
import { gameInfo } from "../gameList";
import { GameScreen } from "../games/GameScreen";
import { rememberTable } from "../recent";
import { TableStore } from "../state";
import { Lobby } from "./Lobby";
import { t } from "../i18n/i18n";

/** useTable keeps one TableStore alive for as long as the screen shows this table. */
export function useTable(path: string, probe?: () => Promise<string | null>): TableStore {
  const store = useMemo(() => new TableStore(path, () => me.value, probe), [path]);
  useEffect(() => () => store.close(), [store]);
  return store;
}

export function ComingSoon({ game }: { game: string }) {
  const info = gameInfo(game);
  return (
    <div class="page">
      <section class="panel">
        <h1>{info?.name ?? game}</h1>
        <p>{t("table.comingSoon")}</p>
        <a href="/">{t("frame.backToStart")}</a>
      </section>
    </div>
  );
}

/** Table is a player's screen at one table: the lobby before the start, then the game. */
export function Table({ id }: { id: string }) {
  const [ready, setReady] = useState(me.value !== "");
  const [failed, setFailed] = useState(false);
  // Offline the table waits for the server and opens by itself once it answers.
  const offline = useLoad(
    async () => {
      if (ready) return;
      await ensureSession();
      setReady(true);
    },
    () => setFailed(true),
  );
  if (offline)
    return (
      <div class="page">
        <h1>{t("table.title")}</h1>
        <OfflineNotice />
      </div>
    );
  if (failed) return <p class="page error">{t("table.failed")}</p>;
  if (!ready) return <p class="page">{t("table.opening")}</p>;
  return <TableScreen id={id} />;
}

function TableScreen({ id }: { id: string }) {
  const store = useTable(`/ws?table=${encodeURIComponent(id)}`, () => whyRefused(() => api.table(id)));
  const { lobby } = store.data.value;
  useEffect(() => rememberTable(id), [id]);
  useFollowNext(lobby, false);
  useTurnAlerts(store, lobby?.gameName ?? "");
  return <PlayScreen store={store} />;
}

/** PlayScreen draws a player's screen at a table from its store, connected or not (the position gallery): the lobby, then the game. */
export function PlayScreen({ store }: { store: TableStore }) {
  const { lobby, game } = store.data.value;
  let body: preact.JSX.Element;
  if (store.fatal.value) body = <Refused reason={store.fatal.value} />;
  else if (!lobby && !game) body = <p class="page">{t("table.opening")}</p>;
  else if (lobby && lobby.status === "lobby") body = <Lobby store={store} lobby={lobby} />;
  else {
    const gameId = lobby?.game ?? "";
    body = (
      <LiveTable.Provider value={true}>
        <GameScreen game={gameId} which="Player" store={store} fallback={<ComingSoon game={gameId} />} />
      </LiveTable.Provider>
    );
  }
  const inGame = lobby && lobby.status !== "lobby" && !store.fatal.value;
  const mine = lobby?.seats.find((s) => s.you);
  return (
    <div class="table-screen" data-log={store.data.value.log.length} data-log-complete={String(store.data.value.logComplete)}>
      <LinkBanner store={store} />
      <NoticeBar store={store} />
      {inGame ? <SeatHandover store={store} lobby={lobby} /> : null}
      {body}
      {inGame ? (
        <div class="page table-room">
          <section class="panel" aria-labelledby="room-h">
            <h2 id="room-h">{t("table.atTable")}</h2>
            <Presence lobby={lobby} store={store} actors={game?.actors} />
            {mine ? <AlertSettings /> : null}
          </section>
          <ChatPanel store={store} lobby={lobby} />
          {lobby.host && lobby.status === "playing" ? <ChatRoomPanel id={lobby.id} /> : null}
        </div>
      ) : null}
      {lobby && !store.fatal.value ? <ChatToasts store={store} skip={me.value} /> : null}
    </div>
  );
}
