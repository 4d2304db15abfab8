// Harborfall from one seat, in the shared PlayFrame: the island in a
// ZoomBoard where a spot of a legal move is tapped (on a phone the tap asks to
// confirm), the development cards playable now, trading and discards
// (Trade.tsx), and the panels. Phone first, two columns on a laptop.

import { useState } from "preact/hooks";
import { MoveChoice } from "../../components/MoveChoice";
import { PlayFrame } from "../../components/PlayFrame";
import { usePlay } from "../../components/usePlay";
import { LoadingGame } from "../../components/Loading";
import { ZoomBoard } from "../../components/ZoomBoard";
import { t } from "../../i18n/i18n";
import { sameMove, type Move } from "../../protocol";
import type { TableStore } from "../../state";
import { Board, Dice, ResourceIcon, ResourceIcons, type Selection } from "./Board";
import { buildOptions, buildTitle, cardPlays, costText, moveLabel, placesFromBoard, spots, turnLine, type BuildKind } from "./moves";
import { DiceChart, HandPanel, PlayersPanel, PointsChart, Ranking, SupplyPanel } from "./Panels";
import { summary } from "./summary";
import { DiscardPanel, TradePanel } from "./Trade";
import { cardTitle, decodeView, lastVersion, type HarborfallView } from "./view";

/** narrow reports a phone-sized screen, where a tap on the board asks to confirm. */
const narrow = () => typeof matchMedia === "function" && matchMedia("(max-width:899px)").matches;

function hintFor(v: HarborfallView, build: BuildKind | null): string {
  switch (v.phase) {
    case "setup":
      return v.setupCorner >= 0 ? t("harborfall.hint.setup_road") : t("harborfall.hint.setup_settlement");
    case "robber":
      return t("harborfall.hint.robber");
    case "free_roads":
      return t("harborfall.hint.free_road");
  }
  if (!build) return "";
  return {
    road: t("harborfall.hint.road"),
    settlement: t("harborfall.hint.settlement"),
    city: t("harborfall.hint.city"),
    dev: t("harborfall.hint.dev"),
  }[build];
}

/** waitingHint points a player whose move is in a panel to that panel. */
function waitingHint(v: HarborfallView): string {
  if (v.phase === "discard") return t("harborfall.hint.discard");
  if (v.offer) return v.offer.from === v.viewer ? t("harborfall.hint.pick") : t("harborfall.hint.answer");
  return t("harborfall.hint.above");
}

/** CardsToPlay lists the development cards playable now, with their choices. */
function CardsToPlay({ view: v, legal, send, busy }: { view: HarborfallView; legal: Move[]; send: (m: Move) => void; busy: boolean }) {
  const plays = cardPlays(legal);
  const [open, setOpen] = useState<number | null>(null);
  if (plays.size === 0) return null;
  return (
    <section class="panel hf-play" aria-labelledby="hf-play-h" data-testid="play-cards">
      <h2 id="hf-play-h">{t("harborfall.play.title")}</h2>
      <div class="row">
        {[...plays].map(([k, ms]) =>
          ms.length === 1 ? (
            <button key={k} type="button" disabled={busy} onClick={() => send(ms[0]!)} data-play={k}>
              {moveLabel(ms[0]!, v)}
            </button>
          ) : (
            <button key={k} type="button" aria-expanded={open === k} onClick={() => setOpen(open === k ? null : k)} data-play={k}>
              {t("harborfall.play.choose", { card: cardTitle(k) })}
            </button>
          ),
        )}
      </div>
      {open !== null ? (
        <div class="row hf-choices">
          {(plays.get(open) ?? []).map((m) => (
            <button key={JSON.stringify(m)} type="button" class="btn-small" disabled={busy} onClick={() => send(m)}>
              {moveLabel(m, v)}
            </button>
          ))}
        </div>
      ) : null}
    </section>
  );
}

/** HarborfallPlayer is the game from one seat: phone first, two columns on a laptop. */
export function HarborfallPlayer({ store }: { store: TableStore }) {
  const play = usePlay(store);
  const [build, setBuild] = useState<BuildKind | null>(null);
  const [chosen, setSelected] = useState<{ sel: Selection; move: Move } | null>(null);
  if (!play) return <LoadingGame />;
  const { data, game: g, colors, me, legal, busy, over } = play;
  const v = decodeView(g.view);
  // A half-made choice lasts while its move is still legal: a new position may have taken it away.
  const selected = chosen && legal.some((m) => sameMove(m, chosen.move)) ? chosen : null;
  const send = (m: Move) => {
    setSelected(null);
    if (m.type !== "road" || v.phase !== "free_roads") setBuild(null);
    play.send(m);
  };
  const options = buildOptions(v, legal);
  const fromBoard = placesFromBoard(v);
  const activeBuild = build && options.find((o) => o.kind === build && o.moves.length > 0) ? build : null;
  const sp = fromBoard ? spots(legal) : activeBuild ? spots(legal, activeBuild) : undefined;
  const onSpot = (sel: Selection, m: Move) => {
    if (busy) return;
    if (narrow()) setSelected({ sel, move: m });
    else send(m);
  };
  const steals = legal.filter((m) => m.type === "steal");
  const turnButtons = legal.filter((m) => m.type === "roll" || m.type === "end");
  const rollKey = lastVersion(data.log, data.logVersions, "roll");
  const hint = hintFor(v, activeBuild);
  const canBuild = options.some((o) => o.moves.length > 0) || v.phase === "main" || v.phase === "special_build";
  const mine = me >= 0 && (v.phase === "special_build" ? v.special === me : v.active === me);

  return (
    <PlayFrame
      store={store}
      play={play}
      parts={{
        game: "harborfall",
        class: "harborfall",
        turnLine: turnLine(v, me),
        summary: () => summary(v, me),
        label: (m) => moveLabel(m, v),
        head: <Dice dice={v.dice} rollKey={rollKey} size={30} />,
        banner:
          v.phase === "special_build" ? (
            <div class="banner banner-info" role="status" data-testid="special-banner">
              {v.special === me ? t("harborfall.banner.special_you") : t("harborfall.banner.special", { who: v.players[v.special]?.name ?? "" })}
            </div>
          ) : null,
        final: (
          <>
            <Ranking result={g.result} view={v} colors={colors} />
            <section class="panel">
              <PointsChart view={v} result={g.result} colors={colors} />
            </section>
            <section class="panel">
              <DiceChart view={v} />
            </section>
          </>
        ),
        layout: { board: "hf-board-wrap" },
        board: (
          <>
            <ResourceIcons />
            <ZoomBoard label={t("harborfall.board.zoom")}>
              <Board
                view={v}
                colors={colors}
                spots={sp}
                selected={selected?.sel ?? null}
                onSpot={onSpot}
                rollKey={rollKey}
                decision={mine && fromBoard}
                label={hint ? t("harborfall.board.label_hint", { hint }) : t("harborfall.board.label")}
              />
            </ZoomBoard>
            {hint && mine ? (
              <p class="hf-hint" data-testid="board-hint">
                {hint}
              </p>
            ) : null}
          </>
        ),
        side: (
          <>
            <DiscardPanel view={v} legal={legal} send={send} busy={busy} />
            <HandPanel view={v} />
            {me >= 0 && !over && canBuild && mine && v.phase !== "setup" ? (
              <section class="panel hf-build" aria-labelledby="hf-build-h" data-testid="build" data-decision>
                <h2 id="hf-build-h">{t("harborfall.build.title")}</h2>
                <div class="hf-build-grid">
                  {options.map((o) => {
                    const on = o.moves.length > 0;
                    const buy = o.kind === "dev";
                    return (
                      <button
                        key={o.kind}
                        type="button"
                        class={activeBuild === o.kind ? "btn-primary" : ""}
                        aria-pressed={buy ? undefined : activeBuild === o.kind}
                        disabled={!on || busy}
                        onClick={() => (buy ? send(o.moves[0]!) : setBuild(activeBuild === o.kind ? null : o.kind))}
                        data-build={o.kind}
                      >
                        <span class="hf-build-title">{buy ? t("harborfall.move.buy") : buildTitle(o.kind)}</span>
                        <span class="hf-cost">
                          {o.cost.map((n, r) =>
                            n > 0 ? (
                              <span key={r}>
                                {n}
                                <ResourceIcon r={r} size={16} />
                              </span>
                            ) : null,
                          )}
                          <span class="sr-only">{t("harborfall.build.costs", { cost: costText(o.cost) })}</span>
                        </span>
                        {on ? null : <span class="hf-why">{o.why}</span>}
                      </button>
                    );
                  })}
                </div>
              </section>
            ) : null}
            {me >= 0 && !over ? <CardsToPlay view={v} legal={legal} send={send} busy={busy} /> : null}
            {me >= 0 && !over ? (
              <TradePanel
                key={v.offer ? `${v.turns}-${v.offer.from}-${v.offer.give.join()}-${v.offer.get.join()}-${v.offer.to}` : "none"}
                view={v}
                legal={legal}
                send={send}
                busy={busy}
              />
            ) : null}
            <PlayersPanel view={v} colors={colors} me={me} />
            <SupplyPanel view={v} />
          </>
        ),
        log: { id: "hf-log-h" },
        actions: selected ? (
          <>
            <button type="button" class="btn-primary" disabled={busy} onClick={() => send(selected.move)} data-testid="confirm">
              {t("harborfall.confirm", { move: moveLabel(selected.move, v) })}
            </button>
            <button type="button" onClick={() => setSelected(null)}>
              {t("harborfall.cancel")}
            </button>
          </>
        ) : steals.length > 0 ? (
          steals.map((m) => (
            <MoveChoice key={String(m.seat)} game="harborfall" m={m} lineKey={String(m.seat)} send={send} busy={busy} class="btn-primary">
              {t("harborfall.steal_from", { move: moveLabel(m, v), n: v.players[m.seat as number]?.cards ?? 0 })}
            </MoveChoice>
          ))
        ) : turnButtons.length > 0 ? (
          <>
            {hint && mine ? <p class="hint">{hint}</p> : null}
            {turnButtons.map((m) => (
              <MoveChoice key={m.type} game="harborfall" m={m} send={send} busy={busy} class={m.type === "roll" ? "btn-primary" : "btn-end"}>
                {moveLabel(m, v)}
              </MoveChoice>
            ))}
          </>
        ) : (
          <p class="hint" data-testid="waiting">
            {legal.length > 0
              ? hint || waitingHint(v)
              : v.phase === "discard"
                ? t("harborfall.waiting.discards")
                : v.acting.length > 0
                  ? t("harborfall.waiting.for", { names: v.acting.map((s) => v.players[s]?.name ?? "").join(", ") })
                  : t("harborfall.waiting.others")}
          </p>
        ),
      }}
    />
  );
}
