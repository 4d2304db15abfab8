// The table's timeline in the shared screens: the host's settings in the
// lobby, the take-back button during play, and the way to the replay once
// the game is over.

import { api, exportHref } from "../api";
import type { Lobby } from "../protocol";
import { href } from "../router";
import type { TableStore } from "../state";
import { t } from "../i18n/i18n";

/** TimelineOptions are the host's timeline settings in the lobby (read-only for others). */
export function TimelineOptions({ lobby, busy, run }: { lobby: Lobby; busy: boolean; run: (f: () => Promise<unknown>) => void }) {
  const editable = lobby.host && lobby.status === "lobby";
  return (
    <fieldset class="option timeline-options">
      <legend>{t("timeline.legend")}</legend>
      <label class="check">
        <input
          type="checkbox"
          data-testid="opt-undo"
          checked={lobby.undo}
          disabled={!editable || busy}
          onChange={(e) => run(() => api.timeline(lobby.id, e.currentTarget.checked, lobby.hideHands))}
        />
        {t("timeline.undo")}
      </label>
      <label class="check">
        <input
          type="checkbox"
          data-testid="opt-hide-hands"
          checked={lobby.hideHands}
          disabled={!editable || busy}
          onChange={(e) => run(() => api.timeline(lobby.id, lobby.undo, e.currentTarget.checked))}
        />
        {t("timeline.hideHands")}
      </label>
      {lobby.forkAt > 0 ? (
        <p class="hint" data-testid="fork-note">
          {t("timeline.fork", { at: lobby.forkAt })}
        </p>
      ) : null}
    </fieldset>
  );
}

/** TakeBack offers the take-back while the server says this seat may. */
export function TakeBack({ store }: { store: TableStore }) {
  const { game, pending } = store.data.value;
  if (!game?.undo) return null;
  return (
    <div class="takeback-bar" role="region" aria-label={t("timeline.takeBack")}>
      <span>{t("timeline.changed")}</span>
      <button type="button" class="btn" data-testid="undo" disabled={pending} onClick={() => store.undo()}>
        {t("timeline.takeBackMine")}
      </button>
    </div>
  );
}

/** ReplayLinks lead from a finished table to its replay and its game file. */
export function ReplayLinks({ lobby, tvCode }: { lobby: Lobby | null; tvCode?: string }) {
  if (lobby?.status !== "finished") return null;
  const replay = tvCode ? `${href({ name: "tv", code: tvCode })}/replay` : `${href({ name: "table", id: lobby.id })}/replay`;
  return (
    <nav class={tvCode ? "replay-links tv-replay-links" : "replay-links"} aria-label={t("timeline.after")}>
      <a href={replay} data-testid="replay-link">
        {t("timeline.watch")}
      </a>
      {tvCode ? null : (
        <a href={exportHref(lobby.id)} download={`harbor-${lobby.game}-${lobby.id}.json`} data-testid="export-link">
          {t("replay.download")}
        </a>
      )}
    </nav>
  );
}
