import { keepNames } from "../format";
import { eventText, t } from "../i18n/i18n";
import type { TableStore } from "../state";
import { EarlierLog } from "./EarlierLog";

/** The log's heading, the same in every game and on every screen. */

/**
 * LogPanel is the game's log, newest first, the same in every game: on a
 * play screen every line the page holds, in a scrolling list, with "Show
 * earlier moves" under it while the start of the game is not loaded; on a
 * TV (limit) the last lines only, the earlier part fetched by itself so a reloaded TV
 * shows as many, the rows drawn anew in their places as lines come. Each line is
 * classed log-<event type>; with names, a player's name never breaks over two
 * lines.
 */
export function LogPanel({
  store,
  limit,
  names = [],
  id = "log-h",
  extra = "",
  quiet = false,
}: {
  store: TableStore;
  limit?: number;
  names?: readonly string[];
  /** the heading's id, unique on the page */
  id?: string;
  /** more classes for the panel, for a game's own look */
  extra?: string;
  /** the title for screen readers only */
  quiet?: boolean;
}) {
  const { log, version } = store.data.value;
  const lines = (limit === undefined ? log : log.slice(-limit)).slice().reverse();
  return (
    <section class={`panel log ${extra}`} aria-labelledby={id}>
      <h2 id={id} class={quiet ? "sr-only" : undefined}>
        {t("frame.logTitle")}
      </h2>
      {lines.length === 0 ? <p class="hint">{t("frame.logEmpty")}</p> : null}
      {/* A list that scrolls takes the focus, so the keyboard can scroll it. On a play screen the frame's
          announcer says each move once, so only the TV's list is a live region. */}
      <ol
        class="log-lines"
        aria-live={limit === undefined ? undefined : "polite"}
        aria-relevant={limit === undefined ? undefined : "additions text"}
        tabIndex={0}
        aria-labelledby={id}
      >
        {lines.map((e, k) => (
          // On a TV the rows are drawn anew with each version, in their places: no row moves down (or into the
          // list's hidden column) as lines come; only what they say changes.
          <li key={limit === undefined ? log.length - k : `${version}-${k}`} class={`log-${e.type}`}>
            {keepNames(eventText(e), names)}
          </li>
        ))}
      </ol>
      <EarlierLog store={store} shows={limit} />
    </section>
  );
}
