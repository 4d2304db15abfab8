// PlayFrame is the one frame around every game's board, as boardgame.io's
// client wraps each board: it draws what every table has, and a game's
// folder supplies only its own parts (board, panels, move labels, the final
// score lines, the TV layout). The frame draws:
//   - the header: whose turn, the turn timer, the take-back (one bar with
//     the header, so a phone keeps its screen), and below it who is at the
//     table, the banner of a seat a computer player stands in for, and the
//     one of what a computer player played for this person when their time
//     ran out (and that the table waits for them);
//   - the hint ("What would the computer do?") for the seat whose move it is;
//   - the log with its earlier pages, and the rules (how to play, and the
//     reference dialog a refusal's rule link opens at its topic);
//   - the summary of the position in words, on request (each game gives its lines);
//   - the end of the game: the game's final table and charts, then what next
//     (play again) and the way to the replay;
//   - the action bar, and the focus after a move (useFocusAfterMove);
//   - what a screen reader is told of each move and of the turn (announce.ts).

import { createContext, type ComponentChildren } from "preact";
import { useContext, useLayoutEffect, useRef } from "preact/hooks";
import type { Move } from "../protocol";
import type { TableStore } from "../state";
import { AwayBanner } from "./AwayBanner";
import { Countdown } from "./Countdown";
import { HintBox } from "./Hint";
import { gameInfo } from "../gameList";
import { LogPanel } from "./LogPanel";
import { PlayAgain } from "./PlayAgain";
import { PlayedForYou } from "./PlayedForYou";
import { Presence } from "./Presence";
import { HowTo } from "./Rules";
import { PositionSummary } from "./Summary";
import { ReplayLinks, TakeBack } from "./Timeline";
import { Announcer } from "./Announcer";
import { useAnnouncements } from "./announce";
import { skipTarget, useFocusAfterMove, type Play } from "./usePlay";
import { t } from "../i18n/i18n";

/**
 * LiveTable is true inside a table's own screen (a live connection): only
 * there does the frame show who is at the table, play again and the replay
 * links. A replay shows the same game screens without them.
 */
export const LiveTable = createContext(false);

export interface FrameParts {
  /** the game's id, for its rules reference */
  game: string;
  /** more classes on the frame, for the game's own look */
  class?: string;
  /** whose turn it is and what they are doing, in words */
  turnLine: string;
  /** the game's own figures in the header (Coins, points, dice, a quick reference) */
  head?: ComponentChildren;
  /** banners of the game's own under the header */
  banner?: ComponentChildren;
  /** the position in a few lines of text (each player's score and holdings), for the summary shown on request */
  summary: () => string[];
  /** a legal move in the game's words (the hint says it) */
  label: (m: Move) => string;
  /** the final table and charts, shown once the game is over */
  final?: ComponentChildren;
  /** the board, with what opens from it */
  board: ComponentChildren;
  /** more classes on the grid and its two columns, for the game's own layout */
  layout?: { grid?: string; board?: string; side?: string };
  /** the game's panels beside the board, above the log */
  side?: ComponentChildren;
  /** the log panel's look: its heading id, classes, names kept whole */
  log?: { id?: string; extra?: string; names?: readonly string[] };
  /** the action bar's content for a seated player while the game runs; undefined: no bar */
  actions?: ComponentChildren;
  /** dialogs and overlays of the game's own */
  after?: ComponentChildren;
}

/**
 * useBarRoom tells the page, as CSS variables on its root, how tall the
 * action bar is (--action-bar-h: the page's foot keeps that much free, so the
 * chat under the game scrolls clear of a bar of two rows) and where the
 * board's column starts (--play-top: a laptop's board fits between it and the
 * bar on the first screen). Both are measured afresh as the page changes.
 */
function useBarRoom(root: { current: HTMLDivElement | null }, bar: boolean) {
  useLayoutEffect(() => {
    const el = root.current;
    const nav = el?.querySelector<HTMLElement>(":scope > .action-bar");
    const grid = el?.querySelector<HTMLElement>(":scope > .play-grid");
    const page = document.documentElement;
    if (!el || !nav || !grid) return;
    const set = () => {
      page.style.setProperty("--action-bar-h", `${nav.offsetHeight}px`);
      page.style.setProperty("--play-top", `${Math.round(grid.getBoundingClientRect().top + window.scrollY)}px`);
    };
    set();
    if (typeof ResizeObserver === "undefined") return;
    const watch = new ResizeObserver(set);
    watch.observe(nav);
    watch.observe(document.body);
    return () => {
      watch.disconnect();
      page.style.removeProperty("--action-bar-h");
      page.style.removeProperty("--play-top");
    };
  }, [bar]);
}

/** PlayFrame draws a game's parts in the frame every game shares. */
export function PlayFrame({ store, play, parts }: { store: TableStore; play: Play; parts: FrameParts }) {
  const live = useContext(LiveTable);
  const root = useRef<HTMLDivElement>(null);
  const { game: g, me, over, data } = play;
  useFocusAfterMove(root, data.version, play.myTurn && !play.away);
  const said = useAnnouncements(
    { version: data.version, log: data.log, logVersions: data.logVersions, myTurn: play.myTurn && !play.away && !over, turnLine: parts.turnLine },
    live,
  );
  const lobby = data.lobby;
  const bar = me >= 0 && !over && parts.actions !== undefined;
  useBarRoom(root, bar);
  // The others the game waits on, for the time they have.
  const others = g.actors.filter((s) => s !== me).map((s) => lobby?.seats[s]?.name ?? t("lobby.seatN", { n: s + 1 }));
  const mySeat = me >= 0 && !over && !play.away ? lobby?.seats[me] : undefined;
  return (
    <div ref={root} class={`play ${parts.class ?? ""}`} data-version={data.version}>
      {/* The first Tab stop: past the header and the panels to the control the turn asks for. */}
      <button
        type="button"
        class="skip-link"
        data-testid="skip-link"
        onClick={() => {
          if (root.current) skipTarget(root.current, play.myTurn && !play.away)?.focus();
        }}
      >
        {t("frame.skip")}
      </button>
      {live && lobby ? <Presence lobby={lobby} actors={g.actors} variant="strip" /> : null}
      <header class="play-head" data-testid="play-head">
        <h1 class="sr-only">{gameInfo(parts.game)?.name ?? parts.game}</h1>
        <a href="/" class="home-link">
          Harbor
        </a>
        <p class="turn-line" data-testid="turn-line" tabIndex={-1}>
          {over ? t("frame.over") : parts.turnLine}
        </p>
        {!over ? <Countdown mine={me >= 0 ? g.deadline : 0} due={g.turnDue ?? 0} pace={lobby?.pace} names={others} /> : null}
        {parts.head}
        {me < 0 && live ? <p class="hint">{t("frame.watching")}</p> : null}
        <TakeBack store={store} />
      </header>

      {play.away ? <AwayBanner store={store} /> : null}
      {mySeat ? <PlayedForYou seat={mySeat} log={data.log} versions={data.logVersions} /> : null}
      {parts.banner}

      {over ? (
        <div class="final" data-testid="final">
          {parts.final}
          {live && lobby ? <PlayAgain store={store} lobby={lobby} /> : null}
          {live ? <ReplayLinks lobby={lobby} /> : null}
        </div>
      ) : null}

      {live ? <HintBox store={store} label={parts.label} /> : null}

      <div class={`play-grid ${parts.layout?.grid ?? ""}`}>
        <div class={`play-board ${parts.layout?.board ?? ""}`}>{parts.board}</div>
        <div class={`play-side ${parts.layout?.side ?? ""}`}>
          {parts.side}
          <LogPanel store={store} {...parts.log} />
          <HowTo game={parts.game} options={data.lobby?.options} />
          <PositionSummary turnLine={over ? t("frame.over") : parts.turnLine} lines={parts.summary} />
        </div>
      </div>

      {bar ? (
        <nav class="action-bar" aria-label={t("alerts.yourTurn")} data-version={data.version}>
          {parts.actions}
        </nav>
      ) : null}
      {parts.after}
      <Announcer said={said} />
    </div>
  );
}
