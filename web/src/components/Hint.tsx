// "What would the computer do?": a button for the seat whose decision it is,
// at tables where the host leaves hints on, and the answer the game's
// computer player gives from this seat's own view. Any game screen plugs it
// in with its own words for a move.

import type { Move } from "../protocol";
import { isMyTurn, type TableStore } from "../state";
import { MoveLine } from "./Rules";
import { t, word } from "../i18n/i18n";

export function HintBox({ store, label }: { store: TableStore; label: (m: Move) => string }) {
  const data = store.data.value;
  const g = data.game;
  if (!data.lobby?.hints || !g || g.result.over || !isMyTurn(g)) return null;
  const hint = data.hint && data.hint.version === data.version ? data.hint : null;
  return (
    <section class="panel hint-box" aria-labelledby="hint-h" data-testid="hint-box">
      <h2 id="hint-h" class="sr-only">
        {t("hint.title")}
      </h2>
      {hint ? (
        <div role="status" data-testid="hint">
          <p class="hint-move">
            <span class="tag tag-hint">{t("hint.title")}</span> {t("hint.would")} <strong>{label(hint.move)}</strong>
          </p>
          {hint.reason ? (
            <p class="hint-reason">{word(hint.reason)}</p>
          ) : (
            <p class="hint-reason">
              <MoveLine game={data.lobby.game} type={hint.move.type} />
            </p>
          )}
        </div>
      ) : (
        <button
          type="button"
          class="btn-small"
          disabled={data.hintPending || store.link.value !== "open"}
          onClick={() => store.askHint()}
          data-testid="ask-hint"
        >
          {data.hintPending ? t("hint.asking") : t("hint.ask")}
        </button>
      )}
    </section>
  );
}
