// TvFrame is the one frame around every game's TV screen, as PlayFrame is
// around its play screens: it draws what every TV has, and a game's folder
// supplies only its own parts (board, panels, final score lines). The frame:
//   - loads: until the game's state has come, it says it waits;
//   - decides once whether the game is over (the engine's result.over) and
//     gives that to the game's parts;
//   - draws the turn line, the log (LogPanel's newest lines), the end block
//     (the game's final table and charts, and the way to the replay), and
//     the key to the game's icons (TvKey);
//   - draws the presence bar at one height from the start: each person's
//     seat keeps the room of its longest state (Presence on the TV), so
//     nothing above the bar moves as people come, go and hand seats over.

import type { ComponentChildren } from "preact";
import { useContext, useEffect, useRef } from "preact/hooks";
import type { GameState } from "../protocol";
import type { TableData, TableStore } from "../state";
import { LogPanel } from "./LogPanel";
import { LiveTable } from "./PlayFrame";
import { Presence } from "./Presence";
import { ReplayLinks } from "./Timeline";
import { TvKey } from "./TvKey";
import { t } from "../i18n/i18n";

/** TvGame is what a game's TV parts are drawn from: the table's data, its game, and whether it is over. */
export interface TvGame {
  data: TableData;
  game: GameState;
  /** the game is over: the engine's result says so */
  over: boolean;
  /** each seat's color, by seat */
  colors: string[];
}

/** tvOf is a TV's game from the table's data, or null while the game has not come. */
export function tvOf(data: TableData): TvGame | null {
  const game = data.game;
  if (!game) return null;
  return { data, game, over: game.result.over, colors: (data.lobby?.seats ?? []).map((s) => s.color) };
}

export interface TvParts {
  /** the game's id, for its icon legend */
  game: string;
  /** more classes on the screen, for the game's own look and where the presence bar goes (tv-bar-full) */
  class?: string;
  /** whose turn it is and what they are doing, in words; null for no line */
  turnLine: ComponentChildren;
  /** the turn line's look: a class on it, what stands beside it (and the row's class), or a header across the screen */
  turn?: { class?: string; beside?: ComponentChildren; row?: string; head?: string };
  /** where the key to the icons stands: at the side column's foot (the default) or in the header, beside the turn line */
  key?: "side" | "head";
  /** drawn first, before the board (shared drawings the board refers to) */
  before?: ComponentChildren;
  /** the board, large */
  board: ComponentChildren;
  /** classes of the board's column, the side column, and a grid around both (with a turn line in a header) */
  layout: { board: string; side: string; grid?: string };
  /** the game's panels above the log while the game runs */
  side?: ComponentChildren;
  /**
   * the log panel's look: how many lines, heading id, classes, names kept whole, whether its heading is
   * for screen readers only, and whether it takes the side column's room left over (room: the column is a flex column),
   * standing down when that is less than its heading and one whole line
   */
  log: { limit: number; id?: string; extra?: string; names?: readonly string[]; quiet?: boolean; room?: boolean };
  /** the panels under the log while the game runs */
  foot?: ComponentChildren;
  /** the final table and charts, once the game is over */
  final: ComponentChildren;
  /** the final block's class when it takes the whole screen under the header instead of the side column */
  wideFinal?: string;
}

/** TvFrame draws a game's TV parts in the frame every game's TV shares. */
export function TvFrame({ store, parts }: { store: TableStore; parts: (tv: TvGame) => TvParts }) {
  const live = useContext(LiveTable);
  const root = useRef<HTMLDivElement>(null);
  const data = store.data.value;
  const tv = tvOf(data);
  // At the end nobody's seat changes hands any more: the bar gives up its room and is measured afresh.
  useBarHeight(root, live && !!tv, tv?.over ?? false);
  if (!tv) return <p class="tv-wait">{t("frame.tvWaiting")}</p>;
  const p = parts(tv);
  const lobby = data.lobby;
  const line = (
    <p class={`tv-status ${p.turn?.class ?? ""}`} data-testid="tv-turn">
      {p.turnLine}
    </p>
  );
  const turn =
    p.turnLine === null ? null : p.turn?.beside ? (
      <div class={p.turn.row ?? ""}>
        {line}
        {p.turn.beside}
      </div>
    ) : (
      line
    );
  const log = <LogPanel store={store} limit={p.log.limit} id={p.log.id} extra={p.log.extra} names={p.log.names} quiet={p.log.quiet} />;
  const final = (
    <div class={p.wideFinal ?? "tv-final"} data-testid="tv-final">
      {p.final}
    </div>
  );
  const columns = (
    <>
      {/* The end is a screen of its own: its columns are new, not the play's columns moved. */}
      <div key={tv.over ? "end-board" : "board"} class={p.layout.board}>
        {p.board}
      </div>
      <div key={tv.over ? "end-side" : "side"} class={p.layout.side}>
        {p.turn?.head ? null : turn}
        {tv.over ? (
          p.wideFinal ? null : (
            final
          )
        ) : (
          <>
            {p.side}
            {p.log.room ? <div class="tv-log-room">{log}</div> : log}
            {p.foot}
            {p.key === "head" ? null : <TvKey game={p.game} />}
          </>
        )}
      </div>
    </>
  );
  return (
    <div ref={root} class={`tv ${p.class ?? ""} ${tv.over ? "tv-over" : ""}`} data-over={String(tv.over)}>
      {p.before}
      {p.turn?.head ? (
        <header class={p.turn.head}>
          {turn}
          {p.key === "head" ? <TvKey game={p.game} /> : null}
        </header>
      ) : null}
      {tv.over && p.wideFinal ? final : p.layout.grid !== undefined ? <div class={p.layout.grid}>{columns}</div> : columns}
      {live ? <ReplayLinks lobby={lobby} tvCode={lobby?.tvCode} /> : null}
      {/* At the end the bar gives up its seats' room: a bar of its own, not the play's seats moved. */}
      {live && lobby ? <Presence key={tv.over ? "end-bar" : "bar"} lobby={lobby} actors={tv.game.actors} variant="tv" /> : null}
    </div>
  );
}

/**
 * useBarHeight keeps --tv-bar-h, on the TV's page frame (.tv-frame) where
 * there is one, at the presence bar's height, which every person's seat
 * gives from the start at the size of its longest state. The bar never
 * shrinks during a game, so every panel sized by --tv-bar-h holds still;
 * at the end, when it gives up that room, it is measured afresh.
 */
function useBarHeight(root: { current: HTMLDivElement | null }, shown: boolean, over: boolean): void {
  useEffect(() => {
    const el = root.current;
    const frame = el?.closest<HTMLElement>(".tv-frame") ?? el;
    const bar = el?.querySelector<HTMLElement>(".presence-tv");
    if (!el || !frame || !bar) return;
    let tallest = 0;
    let width = -1;
    // A new width (a window resized) measures the bar afresh.
    const set = () => {
      if (bar.offsetWidth !== width) {
        width = bar.offsetWidth;
        tallest = 0;
        bar.style.minHeight = "";
      }
      const h = bar.offsetHeight;
      if (h <= tallest) return;
      tallest = h;
      bar.style.minHeight = `${h}px`;
      frame.style.setProperty("--tv-bar-h", `${h}px`);
    };
    set();
    if (typeof ResizeObserver === "undefined") return;
    const watch = new ResizeObserver(set);
    watch.observe(bar);
    return () => {
      watch.disconnect();
      bar.style.minHeight = "";
      frame.style.removeProperty("--tv-bar-h");
    };
  }, [shown, over]);
}
