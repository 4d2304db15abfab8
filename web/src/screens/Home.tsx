// The home page (/): the person's tables ("Your tables", from home.ts, their
// turn first with the time left and the moves since they looked), the games
// to choose from (pictures from catalog.tsx, how to play and the rules
// reference), the person's name, opening a table and joining with a code.
// joinAndGo is shared with the join page.

import { signal } from "@preact/signals";
import { useEffect, useState } from "preact/hooks";
import { api, ApiError, type GameInfo, type MyTable } from "../api";
import { contentFor } from "../catalog";
import { CodeForm } from "../components/CodeForm";
import { useLoad } from "../components/Offline";
import { HowTo } from "../components/Rules";
import { keepNames } from "../format";
import { errorText } from "../i18n/errors";
import { t } from "../i18n/i18n";
import { LanguagePicker } from "../i18n/LanguagePicker";
import { hasScreens } from "../games/registry";
import { fromLobby, mergeTables, sinceWords, summary, timeLeft } from "../home";
import { decodeLobby } from "../protocol";
import { forgetTable, recentTables } from "../recent";
import { href } from "../router";
import { ensureSession, me } from "../session";

const NAME_KEY = "harbor.name";

export const savedName = signal<string>(globalThis.localStorage?.getItem(NAME_KEY) ?? "");

/**
 * joinAndGo remembers the player's name, joins a table with join (by code or
 * invite) and opens it; a refusal is shown with the server's own words.
 */
export async function joinAndGo(
  name: string,
  join: (name: string) => Promise<string>,
  go: (path: string) => void,
  setBusy: (busy: boolean) => void,
  setError: (error: string | null) => void,
): Promise<void> {
  setBusy(true);
  setError(null);
  try {
    saveName(name);
    const id = await join(name);
    go(href({ name: "table", id }));
  } catch (err) {
    setError(errorText(err, "home.joinFailed"));
  } finally {
    setBusy(false);
  }
}

export function saveName(name: string): void {
  savedName.value = name;
  try {
    localStorage.setItem(NAME_KEY, name);
  } catch {
    /* private mode: the name is kept for this page only */
  }
}

export function GameCard({ game, chosen, onChoose }: { game: GameInfo; chosen: boolean; onChoose: () => void }) {
  const c = contentFor(game.id);
  const Picture = c.picture;
  return (
    <li class={`game-card ${chosen ? "chosen" : ""}`}>
      <label class="game-choice">
        <input type="radio" name="game" value={game.id} checked={chosen} onChange={onChoose} />
        <span class="game-picture">
          <Picture />
        </span>
        <span class="game-title">{game.name}</span>
        <span class="game-facts">
          {t("home.gameFacts", {
            min: game.minPlayers,
            max: game.maxPlayers,
            range: game.minPlayers === game.maxPlayers ? "one" : "many",
            minutes: game.minutes || "none",
            soon: hasScreens(game.id) ? "no" : "yes",
          })}
        </span>
      </label>
    </li>
  );
}

/** A minute: how often the time left is said again. */
const TICK = 60_000;

/**
 * YourTables lists the person's tables, the same on every linked device
 * (GET /api/me/tables), with the tables this browser remembers merged in:
 * their turn first with the time left, and the moves since they looked.
 */
function YourTables({ go }: { go: (path: string) => void }) {
  const [rows, setRows] = useState<MyTable[] | null>(null);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    let live = true;
    const load = async () => {
      // Offline the page says so elsewhere; the list waits for the next look.
      const reached = await ensureSession().then(
        () => true,
        () => false,
      );
      if (!reached) return;
      const server = await api.myTables().catch((): MyTable[] => []);
      const known = new Set(server.map((t) => t.id));
      const remembered = await Promise.all(
        recentTables()
          .filter((id) => !known.has(id))
          .map((id) =>
            api.table(id).then(
              (raw): MyTable | null => fromLobby(decodeLobby(raw, me.value)),
              (e: unknown): null => {
                if (e instanceof ApiError && (e.status === 404 || e.status === 403)) forgetTable(id);
                return null;
              },
            ),
          ),
      );
      if (!live) return;
      setRows(
        mergeTables(
          server,
          remembered.filter((t): t is MyTable => t !== null),
        ),
      );
      setNow(Date.now());
    };
    // A home page left open shows what changed once it is looked at again.
    const shown = () => {
      if (document.visibilityState === "visible") void load();
    };
    // And once the network is back after a look that could not reach the server.
    const online = () => void load();
    void load();
    document.addEventListener("visibilitychange", shown);
    addEventListener("online", online);
    const tick = setInterval(() => setNow(Date.now()), TICK);
    return () => {
      live = false;
      clearInterval(tick);
      document.removeEventListener("visibilitychange", shown);
      removeEventListener("online", online);
    };
  }, []);
  if (rows === null || rows.length === 0) return null;
  return (
    <section aria-labelledby="yours-h" class="panel your-tables">
      <h2 id="yours-h">{t("home.yourTables")}</h2>
      <ul data-testid="your-tables">
        {rows.map((r) => {
          const path = href({ name: "table", id: r.id });
          const since = sinceWords(r.movesSince);
          return (
            <li key={r.id} class={`your-table${r.yourTurn ? " your-table-turn" : ""}`} data-table={r.id}>
              <a
                href={path}
                onClick={(e) => {
                  e.preventDefault();
                  go(path);
                }}
              >
                <span class="your-table-head">
                  <strong>{r.gameName}</strong>
                  {r.yourTurn ? (
                    <span class="your-turn-mark" data-testid="your-turn-mark">
                      {t("home.yourTurn")}
                    </span>
                  ) : null}
                </span>
                <span class="your-table-line">{summary(r)}</span>
                {r.deadline !== null && r.status === "playing" ? (
                  <span class="your-table-left" data-testid="time-left">
                    {timeLeft(r.deadline, now)}
                  </span>
                ) : null}
                {since ? (
                  <span class="your-table-since" data-testid="moves-since">
                    {since}
                  </span>
                ) : null}
              </a>
              {r.lines.length > 0 ? (
                <ol class="your-table-lines" aria-label={t("home.lastMoves", { game: r.gameName })}>
                  {r.lines.map((line, k) => (
                    <li key={k}>{keepNames(line, r.players)}</li>
                  ))}
                </ol>
              ) : null}
              {r.status === "finished" ? (
                <a class="your-table-replay" href={href({ name: "replay", id: r.id })} data-testid="your-table-replay">
                  {t("home.watchReplay")}
                </a>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export function Home({ go }: { go: (hash: string) => void }) {
  const [games, setGames] = useState<GameInfo[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string>("holdings");
  const [name, setName] = useState(savedName.value);
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // Try again loads afresh; offline, the list also loads by itself once the server answers.
  const [tries, setTries] = useState(0);
  const offline = useLoad(
    async () => {
      setLoadError(null);
      const g = await api.games();
      setGames(g);
      if (!g.some((x) => x.id === chosen) && g[0]) setChosen(g[0].id);
    },
    (e: unknown) => setLoadError(errorText(e, "home.gamesFailed")),
    tries,
  );
  const failed = offline ? t("offline.text") : loadError;

  const game = games?.find((g) => g.id === chosen);

  const open = async (e: Event) => {
    e.preventDefault();
    if (!game) return;
    const n = name.trim();
    if (!n) {
      setError(t("home.nameNeeded"));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      saveName(n);
      const id = await api.create(game.id, n);
      go(href({ name: "table", id }));
    } catch (err) {
      setError(errorText(err, "home.openFailed"));
    } finally {
      setBusy(false);
    }
  };

  const join = async (e: Event) => {
    e.preventDefault();
    const c = code.trim().toUpperCase();
    const n = name.trim();
    if (!c) return;
    if (!n) {
      setError(t("home.nameFirst"));
      document.getElementById("name")?.focus();
      return;
    }
    await joinAndGo(n, (name) => api.joinByCode(c, name), go, setBusy, setError);
  };

  return (
    <div class="page home">
      <header class="masthead">
        <h1>Harbor</h1>
        <p>{t("home.tagline")}</p>
        <p>
          <a
            href="/notices"
            onClick={(e) => {
              e.preventDefault();
              go("/notices");
            }}
          >
            {t("home.noticesLink")}
          </a>
        </p>
        <LanguagePicker />
      </header>

      <YourTables go={go} />

      <section aria-labelledby="choose-h">
        <h2 id="choose-h">{t("home.chooseGame")}</h2>
        {failed ? (
          <p class="error" role="alert">
            {failed}{" "}
            <button type="button" onClick={() => setTries((n) => n + 1)}>
              {t("home.tryAgain")}
            </button>
          </p>
        ) : null}
        <div role="radiogroup" aria-label={t("home.games")} aria-busy={games === null}>
          <ul class="game-list">
            {games === null && !failed
              ? [0, 1, 2, 3].map((k) => (
                  <li key={k} class="game-card game-card-placeholder" aria-hidden="true">
                    <span class="game-choice">
                      <span class="game-picture" />
                      <span class="game-title">&nbsp;</span>
                      <span class="game-facts">&nbsp;</span>
                    </span>
                  </li>
                ))
              : null}
            {games?.map((g) => (
              <GameCard key={g.id} game={g} chosen={g.id === chosen} onChoose={() => setChosen(g.id)} />
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="open-h" class="panel">
        <h2 id="open-h">{t("home.openTable")}</h2>
        <form onSubmit={open} class="stack">
          <label for="name">{t("home.yourName")}</label>
          <input id="name" name="name" autocomplete="nickname" maxLength={24} value={name} onInput={(e) => setName(e.currentTarget.value)} />
          {game && !hasScreens(game.id) ? <p class="hint">{t("home.noScreen", { game: game.name })}</p> : null}
          <button type="submit" class="btn-primary" disabled={busy || !game}>
            {busy ? t("home.opening") : game ? t("home.openGameTable", { game: game.name }) : t("home.openTable")}
          </button>
          {error ? (
            <p class="error" role="alert">
              {error}
            </p>
          ) : null}
        </form>
      </section>

      <section aria-labelledby="join-h" class="panel">
        <h2 id="join-h">{t("home.joinWithCode")}</h2>
        <p class="hint">{t("home.usesName")}</p>
        <CodeForm
          id="code"
          name="code"
          label={t("home.tableCode")}
          placeholder={t("home.codePlaceholder")}
          value={code}
          onValue={setCode}
          onSubmit={join}
          disabled={busy}
        >
          {t("home.join")}
        </CodeForm>
      </section>
      {game ? (
        <section class="about-game" aria-labelledby="about-h">
          <h2 id="about-h">{game.name}</h2>
          {game.summary ? <p>{game.summary}</p> : null}
          <HowTo game={game.id} />
        </section>
      ) : null}
    </div>
  );
}
