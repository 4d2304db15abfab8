import { SeatBadge } from "../../components/SeatBadge";
import type { TableStore } from "../../state";
import { CardFace } from "./Cards";
import { CARDS, kindName, KIND_MARKS } from "./cards";
import { turnLine } from "./Player";
import { Final, Interim, PointsChart } from "./Score";
import { Attractions, BundleLine, Supply, Town } from "./Town";
import { decodeView, GHOST, scoreSoFar, shipsInGame, type NekoView } from "./view";
import { LogPanel } from "../../components/LogPanel";

const noop = () => {};

function TvDraft({ v }: { v: NekoView }) {
  return (
    <section class="nk-tv-draft" aria-label="The draft">
      <h2>Period {v.period} draft</h2>
      {v.rows.length ? (
        v.rows.map((row, r) => (
          <div key={r} class="nk-tv-row">
            <span class="nk-tv-rowname">Row {r + 1}</span>
            {row.map((set, k) => (
              <div key={k} class={`nk-set ${set.taken ? "nk-set-taken" : ""}`}>
                {set.taken
                  ? "taken"
                  : set.cards.map((n) => (
                      <div key={n} class={`nk-card nk-kind-${CARDS[n]?.kind ?? "x"}`}>
                        <CardFace n={n} />
                      </div>
                    ))}
              </div>
            ))}
          </div>
        ))
      ) : (
        <div class="nk-display">
          {v.display.map((n) => (
            <div key={n} class={`nk-card nk-kind-${CARDS[n]?.kind ?? "x"}`}>
              <CardFace n={n} />
            </div>
          ))}
        </div>
      )}
    </section>
  );
}

/** TvTowns sums up every player's town in a line: each column with its hub and the ships on it. */
function TvTowns({ v }: { v: NekoView }) {
  return (
    <section class="panel nk-tv-towns" aria-label="Every town">
      {v.order.map((seat) => {
        const p = v.players[seat];
        if (!p) return null;
        const at = (loc: number) =>
          p.ships
            .filter((s) => s.loc === loc)
            .map((s) => (s.index === GHOST ? "☁" : `⎈${s.level}`))
            .join(" ");
        return (
          <div key={seat} class={`nk-tv-town ${seat === v.active ? "nk-on" : ""}`} data-testid={`tv-town-${seat}`}>
            <strong>{p.name}</strong>
            <span class="nk-tv-col nk-harbour">
              ⚓ {p.harbour} {at(0)}
            </span>
            {p.columns.map((c, i) => (
              <span key={i} class={`nk-tv-col nk-kind-${c.kind}`}>
                {KIND_MARKS[c.kind]} {i + 1}. {c.kind === "FB" ? "Boat" : kindName(c.kind)} · hub {c.hub} · {c.actions.length}
                {at(i + 1) ? <b> {at(i + 1)}</b> : null}
              </span>
            ))}
          </div>
        );
      })}
    </section>
  );
}

function TvPlayers({ v, colors }: { v: NekoView; colors: string[] }) {
  return (
    <ul class="nk-tv-players">
      {v.order.map((seat) => {
        const p = v.players[seat];
        if (!p) return null;
        return (
          <li key={seat} class={seat === v.active ? "nk-on" : ""}>
            <SeatBadge seat={seat} color={colors[seat]} size={40} />
            <span class="nk-tv-pname">
              {p.name}
              {seat === v.active ? <span class="tag tag-turn">to move</span> : null}
            </span>
            <span>{scoreSoFar(p)} pts</span>
            <span class="nk-tv-pfig">
              harbour {p.harbour} · {shipsInGame(p).filter((s) => s.index < 6).length} ships · {p.columns.length} columns · hand {p.handCount}
              {v.phase === "draft" ? ` · drafted ${p.drafted.length}` : ""}
            </span>
            <span class="nk-tv-pfig">
              <BundleLine b={p.supply} empty="no cards" />
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/** NekoTv is the living-room screen: the draft or the active town large, every player in summary, the attractions, and the scores. */
export function NekoTv({ store }: { store: TableStore }) {
  const data = store.data.value;
  const g = data.game!;
  const seats = data.lobby?.seats ?? [];
  const colors = seats.map((s) => s.color);
  const v = decodeView(g.view);
  const over = v.phase === "over";
  const last = data.log[data.log.length - 1]?.text ?? "";
  const focus = v.players[v.active] ?? v.players[v.order[0] ?? 0];
  return (
    <div class="tv neko-tv">
      <header class="nk-tv-head">
        <p class="tv-status" data-testid="tv-turn">
          {turnLine(v, -1)}
        </p>
        <p class="nk-tv-last" key={data.version} aria-live="polite" data-testid="tv-last">
          {last}
        </p>
      </header>
      {over ? (
        <div class="nk-tv-final">
          <Final v={v} result={g.result} colors={colors} />
          <section class="panel">
            <PointsChart v={v} colors={colors} width={760} height={480} />
          </section>
        </div>
      ) : (
        <div class="nk-tv-grid">
          <div class="nk-tv-main">
            {v.phase === "draft" ? (
              <TvDraft v={v} />
            ) : focus ? (
              <section class="panel" aria-label={`${focus.name}'s town`}>
                <h2>{focus.name}'s town</h2>
                <Town v={v} p={focus} onOpen={noop} active={v.stage === "window" ? v.window : undefined} />
                <Supply p={focus} />
              </section>
            ) : null}
            <TvTowns v={v} />
            {v.period > 1 ? <Interim v={v} brief /> : null}
          </div>
          <div class="nk-tv-side">
            <TvPlayers v={v} colors={colors} />
            <section class="panel">
              <h2>Attractions</h2>
              <Attractions v={v} />
            </section>
            <LogPanel store={store} limit={4} title="What happened" id="nk-tv-log-h" extra="nk-tv-log" />
          </div>
        </div>
      )}
    </div>
  );
}
