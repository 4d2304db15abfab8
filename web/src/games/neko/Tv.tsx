// Neko Harbour on the TV, in the shared TvFrame (its presence bar across the
// whole width, tv-bar-full, and its key in the header beside the turn line).
// The main column holds every town on a line and the attractions at its head,
// and under them the cards on offer during a draft (every card whole) or the
// active town; a draft by rows takes the whole column. Beside it the players
// and the log's three newest lines. Rows keep
// their heights and their places in the turn order, so the screen holds still
// as the game goes on.

import { SeatBadge } from "../../components/SeatBadge";
import type { TableStore } from "../../state";
import { CardFace } from "./Cards";
import { t, tr } from "../../i18n/i18n";
import { attractionName, attractionRewards, CARDS, kindName, KIND_MARKS } from "./cards";
import { turnLine } from "./Player";
import { Final, PointsChart } from "./Score";
import { BundleLine, Town } from "./Town";
import { decodeView, GHOST, LOC_ATTR, scoreSoFar, shipsInGame, type NekoView } from "./view";
import { TvFrame } from "../../components/TvFrame";

const noop = () => {};

/**
 * TvDraft shows the cards on offer, every card whole: rows of three sets
 * (3-4 players), each set as wide as its cards, or the display (2 players).
 */
function TvDraft({ v }: { v: NekoView }) {
  return (
    <section class="nk-tv-draft" aria-labelledby="nk-tv-draft-h" data-testid="tv-draft">
      <h2 id="nk-tv-draft-h" class="sr-only">
        {t("neko.draft.title", { period: v.period })}
      </h2>
      {v.rows.length ? (
        <ol class="nk-tv-rows">
          {v.rows.map((row, r) => (
            <li key={r} class="nk-tv-row">
              <span class="nk-tv-rowname">{t("neko.draft.row", { n: r + 1 })}</span>
              {row.map((set, k) => (
                <div key={k} class={`nk-set ${set.taken ? "nk-set-taken" : ""}`} style={{ "--n": k + 1 }}>
                  {set.taken
                    ? t("neko.tv.setTaken", { n: k + 1 })
                    : set.cards.map((n) => (
                        <div key={n} class={`nk-card nk-kind-${CARDS[n]?.kind ?? "x"}`} data-card={n}>
                          <CardFace n={n} />
                        </div>
                      ))}
                </div>
              ))}
            </li>
          ))}
        </ol>
      ) : (
        <div class="nk-display">
          {v.display.map((n) => (
            <div key={n} class={`nk-card nk-kind-${CARDS[n]?.kind ?? "x"}`} data-card={n}>
              <CardFace n={n} />
            </div>
          ))}
        </div>
      )}
    </section>
  );
}

/** HubBadge is a column's hub in a town's line: the number in a box, its word for screen readers only. */
export function HubBadge({ hub }: { hub: number }) {
  return (
    <span class="nk-tv-hub">
      <span aria-hidden="true">{hub}</span>
      <span class="sr-only">{t("neko.card.hub", { n: hub })}</span>
    </span>
  );
}

/**
 * TvTowns sums up every town in a line, the active player's too (highlighted), so the lines keep their
 * places as the turn passes: each column with its hub and the ships on it. The hub is a boxed number (the
 * key explains it), so a line keeps its width in a language of longer words.
 */
function TvTowns({ v }: { v: NekoView }) {
  return (
    <section class="panel nk-tv-towns" aria-label={t("neko.tv.towns")}>
      {v.order.map((seat, row) => {
        const p = v.players[seat];
        if (!p) return null;
        const at = (loc: number) =>
          p.ships
            .filter((s) => s.loc === loc)
            .map((s) => (s.index === GHOST ? "☁" : `⎈${s.level}`))
            .join(" ");
        return (
          // Rows are kept by place: when the turn order changes, each row takes its new player, no row moves.
          <div key={row} class={`nk-tv-town ${seat === v.active ? "nk-on" : ""}`} data-testid={`tv-town-${seat}`}>
            <strong>{p.name}</strong>
            <span class="nk-tv-col nk-harbour">
              ⚓ {p.harbour} {at(0)}
            </span>
            {p.columns.map((c, i) => (
              <span key={i} class={`nk-tv-col nk-kind-${c.kind}`}>
                <span aria-hidden="true">{KIND_MARKS[c.kind]}</span>
                <span class="sr-only">{kindName(c.kind)}</span>
                {i + 1} <HubBadge hub={c.hub} />
                {c.actions.length > 1 ? (
                  <>
                    {" "}
                    ×{c.actions.length}
                    <span class="sr-only"> {t("neko.tv.cards")}</span>
                  </>
                ) : null}
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
    <ul class="nk-tv-players" aria-label={t("neko.players")}>
      {v.order.map((seat, row) => {
        const p = v.players[seat];
        if (!p) return null;
        return (
          // Rows are kept by place: when the turn order changes, each row takes its new player, no row moves.
          <li key={row} class={seat === v.active ? "nk-on" : ""}>
            <SeatBadge seat={seat} color={colors[seat]} size={30} />
            <span class="nk-tv-pname">{p.name}</span>
            <span class="nk-tv-pts">{t("neko.tv.pts", { n: scoreSoFar(p) })}</span>
            {/* A figure line each, so a changing number does not carry the rest to another line; the highlighted row says whose turn it is. */}
            <span class="nk-tv-pfig">
              {seat === v.active ? <span class="sr-only">{t("neko.tv.toMove")} </span> : null}
              {/* Period 1's points in one line, kept from the start so the log under the players keeps its height; how
                  they were made is on the phones' scoring panel. */}
              <span class="nk-tv-pline">
                {v.period > 1
                  ? tr("neko.tv.period1", { n: p.interim[0], b: (w) => <span data-testid={`interim-${seat}-1`}>{w}</span> })
                  : t("neko.tv.period1Later")}
              </span>
              <span class="nk-tv-pline">
                {t("neko.tv.figures", {
                  harbour: p.harbour,
                  ships: shipsInGame(p).filter((s) => s.index < 6).length,
                  held: v.phase === "draft" ? t("neko.tv.drafted", { n: p.drafted.length }) : t("neko.tv.hand", { n: p.handCount }),
                })}
              </span>
              <span class="nk-tv-pline nk-tv-supply">
                {t("neko.tv.supply")} <BundleLine b={p.supply} empty={t("neko.tv.noCards")} />
              </span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/** TvAttractions lists the attractions a line each: the first ship's reward, the later ships', and the ships there. */
function TvAttractions({ v }: { v: NekoView }) {
  return (
    <section class="panel nk-tv-attr" aria-labelledby="nk-tv-attr-h">
      <h2 id="nk-tv-attr-h">{t("neko.attractions")}</h2>
      <ul class="nk-tv-attrs">
        {v.attractions.map((a) => {
          const r = attractionRewards(a.id);
          const ships = v.players
            .map((p) => ({ p, here: p.ships.filter((s) => s.loc === LOC_ATTR + a.index) }))
            .filter((x) => x.here.length > 0)
            .map(({ p, here }) => `${p.name} ${here.map((s) => `⎈${s.level}`).join(" ")}`);
          return (
            <li key={a.index}>
              <strong>{attractionName(a.id, a.name)}</strong> <span class="nk-attr-r">{t("neko.tv.rewards", { better: r.better, lesser: r.lesser })}</span>
              {ships.length ? <span class="nk-tv-attr-ships"> · {ships.join(", ")}</span> : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** NekoTv is the living-room screen, in the frame every TV shares: the draft or the active town large, every player in summary, the attractions, and the scores. */
export function NekoTv({ store }: { store: TableStore }) {
  return (
    <TvFrame
      store={store}
      parts={({ game: g, colors }) => {
        const v = decodeView(g.view);
        const focus = v.players[v.active] ?? v.players[v.order[0] ?? 0];
        // A draft by rows fills the column; two players' display leaves room for the towns and attractions.
        const rows = v.phase === "draft" && v.rows.length > 0;
        return {
          game: "neko",
          class: "neko-tv tv-bar-full",
          turnLine: turnLine(v, -1),
          turn: { head: "nk-tv-head" },
          key: "head",
          layout: { grid: "nk-tv-grid", board: "nk-tv-main", side: "nk-tv-side" },
          // The towns and the attractions stand at the column's head, the draft or the active town under them
          // takes the rest: as a town grows, nothing moves.
          board: (
            <>
              {rows ? null : <TvTowns v={v} />}
              {rows ? null : <TvAttractions v={v} />}
              {v.phase === "draft" ? (
                <TvDraft v={v} />
              ) : focus ? (
                <section key={focus.seat} class="panel nk-tv-focus" aria-label={t("neko.towns.of", { name: focus.name })}>
                  <h2 class="sr-only">{t("neko.towns.of", { name: focus.name })}</h2>
                  <Town v={v} p={focus} onOpen={noop} active={v.stage === "window" ? v.window : undefined} />
                </section>
              ) : null}
            </>
          ),
          side: <TvPlayers v={v} colors={colors} />,
          log: { limit: 3, id: "nk-tv-log-h", extra: "nk-tv-log" },
          final: (
            <>
              <Final v={v} result={g.result} colors={colors} />
              <section class="panel">
                <PointsChart v={v} colors={colors} width={760} height={480} />
              </section>
            </>
          ),
          wideFinal: "nk-tv-final",
        };
      }}
    />
  );
}
