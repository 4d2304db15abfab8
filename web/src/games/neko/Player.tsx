// Neko Harbour from one seat, in the shared PlayFrame: the draft, the turn
// panel that walks the acting player through the turn's windows with every
// legal move as a button with its price, the players, and the towns one at a
// time by tab (in a ZoomBoard). Phone first, two columns on a laptop.

import { useState } from "preact/hooks";
import { MoveChoice } from "../../components/MoveChoice";
import { PlayFrame } from "../../components/PlayFrame";
import { MoveLine } from "../../components/Rules";
import { usePlay } from "../../components/usePlay";
import { LoadingGame } from "../../components/Loading";
import { SeatBadge } from "../../components/SeatBadge";
import { ZoomBoard } from "../../components/ZoomBoard";
import type { Move } from "../../protocol";
import type { TableStore } from "../../state";
import { formatList, type MessageId, t } from "../../i18n/i18n";
import { Card, CardLarge, Icon } from "./Cards";
import { cardName, CARDS, choiceTitle } from "./cards";
import { columnName, distinctMoves, draftMove, groupMoves, moveKey, moveLabel, movesForCard } from "./moves";
import { Final, Interim, PointsChart } from "./Score";
import { Attractions, Supply, Town } from "./Town";
import { actingName, decodeView, ghostOn, scoreSoFar, shipsInGame, type NekoPlayer, type NekoView } from "./view";
import { summary } from "./summary";

/** The stages the turn line words, each as the mover reads it (".mine") and as the others do. */
const STAGES = ["play", "tuck", "choice", "discard", "boat"];

/** turnLine says where the game is and whose move it is, in words. */
export function turnLine(v: NekoView, me: number): string {
  if (v.phase === "over") return t("neko.turn.over");
  const mine = v.active === me;
  const name = actingName(v);
  if (v.phase === "draft")
    return mine ? t("neko.turn.draftMine", { period: v.period }) : t("neko.turn.draft", { period: v.period, who: name || t("neko.turn.someone") });
  if (v.phase === "boats") return mine ? t("neko.turn.boatsMine") : t("neko.turn.boats", { who: name });
  const p = v.players[v.active];
  let what = STAGES.includes(v.stage) ? t(`neko.stage.${v.stage}${mine ? ".mine" : ""}` as MessageId) : "";
  if (v.stage === "window" && p) what = v.window < p.columns.length ? t("neko.turn.active", { col: columnName(p, v.window) }) : t("neko.turn.finalWindow");
  const period = v.phase === "last" ? t("neko.turn.lastPeriod") : t("neko.turn.period", { period: v.period });
  const turn = mine ? t("neko.turn.yours") : t("neko.turn.theirs", { who: name || t("neko.turn.someone") });
  return `${period} · ${what ? t("neko.turn.what", { turn, what }) : turn}`;
}

/** MoveButton is one legal move as a button, labeled with its price. */
export function MoveButton({ m, v, me, send, busy, primary }: { m: Move; v: NekoView; me: number; send: (m: Move) => void; busy: boolean; primary?: boolean }) {
  return (
    <button type="button" class={primary ? "btn-primary" : ""} disabled={busy} onClick={() => send(m)} data-move={moveKey(m)} data-first>
      {moveLabel(m, v, me)}
    </button>
  );
}

/** SplitLabel shows a label up to its first ": " and leaves the rest (the cards it names) to screen readers. */
function SplitLabel({ text }: { text: string }) {
  const at = text.indexOf(": ");
  if (at < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <span class="sr-only">{text.slice(at)}</span>
    </>
  );
}

/** PanelProps is what the draft and the turn panel each get from the play screen. */
type PanelProps = {
  v: NekoView;
  me: number;
  legal: Move[];
  send: (m: Move) => void;
  busy: boolean;
  open: (n: number) => void;
};

/** Draft shows the cards on offer: rows of sets (3-4 players) or the display (2 players). */
function Draft({ v, me, legal, send, busy, open }: PanelProps) {
  const mine = v.active === me;
  const p = v.players[me];
  return (
    <section class="panel nk-draft" aria-labelledby="nk-draft-h" data-testid="draft" data-decision={mine ? "" : undefined}>
      <h2 id="nk-draft-h">{t("neko.draft.title", { period: v.period })}</h2>
      {mine ? <MoveLine game="neko" type={v.rows.length > 0 ? "draft" : "pick"} /> : null}
      <p class="nk-whose" data-testid="whose-pick">
        {mine ? t("neko.draft.yourPick") : t("neko.draft.picking", { who: actingName(v) })}{" "}
        {t("neko.draft.order", { names: formatList(v.order.map((s) => v.players[s]?.name ?? "")) })}
      </p>
      {v.rows.length > 0 ? (
        <>
          <p class="hint">{t("neko.draft.rowsHint")}</p>
          {v.rows.map((row, r) => (
            <div key={r} class="nk-row" role="group" aria-label={t("neko.draft.row", { n: r + 1 })}>
              <h3>{t("neko.draft.row", { n: r + 1 })}</h3>
              {row.map((set, k) => {
                if (set.taken)
                  return (
                    <div key={k} class="nk-set nk-set-taken">
                      {t("neko.draft.taken")}
                    </div>
                  );
                const m = draftMove(legal, r, set.cards.length);
                return (
                  <div key={k} class="nk-set" data-size={set.cards.length}>
                    <div class="nk-set-cards">
                      {set.cards.map((n) => (
                        <Card key={n} n={n} onOpen={open} />
                      ))}
                    </div>
                    {m ? (
                      <button type="button" class="btn-primary" disabled={busy} onClick={() => send(m)} data-move={moveKey(m)} data-first>
                        <SplitLabel text={moveLabel(m, v, me)} />
                      </button>
                    ) : mine ? (
                      <p class="nk-rule">{t("neko.draft.already", { n: set.cards.length })}</p>
                    ) : null}
                  </div>
                );
              })}
            </div>
          ))}
        </>
      ) : (
        <>
          <p class="hint">{t("neko.draft.displayHint")}</p>
          <div class="nk-display">
            {v.display.map((n) => {
              const m = movesForCard(legal, n).find((x) => x.type === "pick");
              return (
                <div key={n} class="nk-pick">
                  <Card n={n} onOpen={open} />
                  {m ? (
                    <button type="button" class="btn-primary" disabled={busy} onClick={() => send(m)} data-move={moveKey(m)} data-first>
                      {moveLabel(m, v, me)}
                    </button>
                  ) : null}
                </div>
              );
            })}
          </div>
        </>
      )}
      {p ? (
        <div class="nk-drafted" data-testid="drafted">
          <h3>{t("neko.draft.yours")}</h3>
          {p.drafted.length ? (
            <div class="nk-hand">
              {p.drafted.map((n) => (
                <Card key={n} n={n} onOpen={open} />
              ))}
            </div>
          ) : (
            <p class="hint">{t("neko.draft.nothing")}</p>
          )}
        </div>
      ) : null}
      <p class="hint">
        {t("neko.draft.soFar", {
          list: v.players
            .filter((x) => x.seat !== me)
            .map((x) => `${x.name} ${x.drafted.length}`)
            .join(", "),
        })}
      </p>
    </section>
  );
}

/** TurnPanel walks the acting player through the turn's windows, with every legal move as a button. */
function TurnPanel({ v, me, legal, send, busy, open }: PanelProps) {
  const p = v.players[me]!;
  const groups = groupMoves(distinctMoves(legal, v, me));
  const inWindow = v.stage === "window";
  const finalWindow = inWindow && v.window >= p.columns.length;
  const [lic, coin, fuel] = v.icons;
  return (
    <section class="panel nk-turn" aria-labelledby="nk-turn-h" data-testid="turn-panel" data-stage={v.stage} data-window={v.window} data-decision>
      <h2 id="nk-turn-h">
        {v.stage === "play"
          ? t("neko.panel.play")
          : v.stage === "tuck"
            ? t("neko.panel.tuck", { card: cardName(v.immediate) })
            : v.stage === "choice"
              ? choiceTitle(v.choice?.name ?? "")
              : v.stage === "discard"
                ? t("neko.panel.discard")
                : v.stage === "boat"
                  ? t("neko.group.boat")
                  : finalWindow
                    ? v.lastWindow
                      ? t("neko.panel.lastWindow")
                      : t("neko.panel.finalWindow")
                    : t("neko.panel.window", { col: columnName(p, v.window) })}
      </h2>
      {inWindow ? (
        <>
          <p class="nk-icons" data-testid="icons-left">
            {t("neko.panel.left")} <Icon name="licence" /> {lic} · <Icon name="coin" /> {coin} · <Icon name="fuel" /> {fuel}
          </p>
          <p class="hint">{t("neko.panel.iconsHint")}</p>
        </>
      ) : null}
      {v.stage === "play" && p.hand ? (
        <ul class="nk-playlist">
          {p.hand.map((n) => {
            const ms = movesForCard(legal, n);
            const play = ms.find((m) => m.type === "play");
            const tucks = ms.filter((m) => m.type === "deactivate");
            return (
              <li key={n} class="nk-playrow">
                <Card n={n} onOpen={open} />
                <div class="stack">
                  {play ? <MoveButton m={play} v={v} me={me} send={send} busy={busy} primary /> : null}
                  {tucks.length ? (
                    <button type="button" onClick={() => open(n)} aria-label={t("neko.panel.tuckLabel", { card: cardName(n), id: CARDS[n]?.id ?? "" })}>
                      {t("neko.panel.tuckButton")}
                    </button>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
      ) : null}
      {v.stage === "boat" ? (
        <div class="nk-hand">
          {v.boats.map((n) => (
            <Card key={n} n={n} onOpen={open} />
          ))}
        </div>
      ) : null}
      {groups.map((g) => (
        <div key={g.title} class="nk-group" role="group" aria-label={g.title}>
          <h3>{g.title}</h3>
          {g.moves.every((m) => m.type === g.moves[0]?.type) ? <MoveLine game="neko" type={g.moves[0]!.type} /> : null}
          <div class="nk-moves">
            {g.moves.map((m) => (
              <MoveButton key={moveKey(m)} m={m} v={v} me={me} send={send} busy={busy} />
            ))}
          </div>
        </div>
      ))}
      {inWindow && groups.length === 0 ? <p class="hint">{t("neko.panel.nothing")}</p> : null}
    </section>
  );
}

/** Players lists every player's public figures, and opens their town. */
function PlayersList({ v, colors, me, onTown }: { v: NekoView; colors: string[]; me: number; onTown: (seat: number) => void }) {
  return (
    <section class="panel" aria-labelledby="nk-players-h">
      <h2 id="nk-players-h">{t("neko.players")}</h2>
      <ul class="nk-players">
        {v.order.map((seat) => {
          const p = v.players[seat];
          if (!p) return null;
          return (
            <li key={seat} class={seat === v.active ? "nk-on" : ""}>
              <SeatBadge seat={seat} color={colors[seat]} />
              <button
                type="button"
                class="btn-quiet"
                onClick={() => onTown(seat)}
                aria-label={t(seat === me ? "neko.players.showMine" : "neko.players.show", { name: p.name })}
              >
                {seat === me ? t("neko.players.you", { name: p.name }) : p.name}
              </button>
              {seat === v.active ? <span class="tag tag-turn">{t("neko.players.toMove")}</span> : null}
              <span class="nk-pfig">
                {t("neko.players.figures", {
                  points: scoreSoFar(p),
                  harbour: p.harbour,
                  ships: shipsInGame(p).filter((s) => s.index < 6).length,
                  hand: p.handCount,
                })}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** Towns shows one town at a time, with a tab per player. */
function Towns({ v, me, shown, setShown, open }: { v: NekoView; me: number; shown: number; setShown: (s: number) => void; open: (n: number) => void }) {
  const p: NekoPlayer | undefined = v.players[shown];
  return (
    <section class="panel nk-towns" aria-labelledby="nk-towns-h">
      {/* The columns of a town are headed h3: the section's own heading comes first, for every page the board is on (a replay has no panel before it). */}
      <h2 id="nk-towns-h" class="sr-only">
        {t("neko.towns")}
      </h2>
      <div class="nk-tabs" role="tablist" aria-label={t("neko.towns.whose")}>
        {v.players.map((x) => (
          <button
            key={x.seat}
            type="button"
            role="tab"
            aria-selected={x.seat === shown}
            class={x.seat === shown ? "nk-tab-on" : ""}
            onClick={() => setShown(x.seat)}
            data-town={x.seat}
          >
            {x.seat === me ? t("neko.towns.yours") : x.name}
          </button>
        ))}
      </div>
      {p ? (
        <div role="tabpanel" aria-label={p.seat === me ? t("neko.towns.yours") : t("neko.towns.of", { name: p.name })}>
          <ZoomBoard label={t("neko.towns.zoom")} max={2}>
            <Town v={v} p={p} onOpen={open} active={v.active === p.seat && v.stage === "window" ? v.window : undefined} />
          </ZoomBoard>
          <Supply p={p} />
          {ghostOn(v) ? <p class="hint nk-ghost-hint">{t("neko.towns.ghostHint")}</p> : null}
        </div>
      ) : null}
    </section>
  );
}

/** NekoPlayer is Neko Harbour from one seat: phone first, two columns on a laptop. */
export function NekoPlayerScreen({ store }: { store: TableStore }) {
  const play = usePlay(store);
  const [cardOpen, setCardOpen] = useState<number | null>(null);
  const [townSeat, setTownSeat] = useState<number | null>(null);
  if (!play) return <LoadingGame />;
  const v = decodeView(play.game.view);
  const { game: g, colors, me, legal, busy, over } = play;
  const send = (m: Move) => {
    setCardOpen(null);
    play.send(m);
  };
  const mine = v.players[me];
  const next = legal.find((m) => m.type === "next");
  const shown = townSeat ?? (me >= 0 ? me : Math.max(v.active, 0));
  const cardMoves = cardOpen !== null ? movesForCard(legal, cardOpen) : [];
  const showTown = (s: number) => {
    setTownSeat(s);
    document.querySelector(".nk-towns")?.scrollIntoView({ block: "start" });
  };

  return (
    <PlayFrame
      store={store}
      play={play}
      parts={{
        game: "neko",
        class: "neko",
        turnLine: turnLine(v, me),
        label: (m) => moveLabel(m, v, me),
        summary: () => summary(v, me),
        head: mine ? (
          <p class="my-coins" data-testid="my-score">
            {scoreSoFar(mine)} <span class="unit">{t("neko.points", { n: scoreSoFar(mine) })}</span>
          </p>
        ) : null,
        final: (
          <>
            <Final v={v} result={g.result} colors={colors} />
            <section class="panel">
              <PointsChart v={v} colors={colors} />
            </section>
          </>
        ),
        layout: { grid: "nk-grid", board: "nk-main", side: "nk-sideinfo" },
        board: (
          <>
            {v.phase === "draft" ? <Draft v={v} me={me} legal={legal} send={send} busy={busy} open={setCardOpen} /> : null}
            {mine && v.active === me && v.phase !== "draft" && !over ? (
              <TurnPanel v={v} me={me} legal={legal} send={send} busy={busy} open={setCardOpen} />
            ) : null}
            {mine?.hand && mine.hand.length > 0 && !(v.active === me && v.stage === "play") ? (
              <section class="panel" aria-labelledby="nk-hand-h" data-testid="hand">
                <h2 id="nk-hand-h">{t("neko.hand", { n: mine.hand.length })}</h2>
                <div class="nk-hand">
                  {mine.hand.map((n) => (
                    <Card key={n} n={n} onOpen={setCardOpen} />
                  ))}
                </div>
              </section>
            ) : null}
            <Towns v={v} me={me} shown={shown} setShown={setTownSeat} open={setCardOpen} />
          </>
        ),
        side: (
          <>
            <section class="panel" aria-labelledby="nk-attr-h">
              <h2 id="nk-attr-h">{t("neko.attractions")}</h2>
              <Attractions v={v} />
              {v.boats.length && v.phase !== "boats" ? (
                <>
                  <h3>{t("neko.boatsOffer")}</h3>
                  <div class="nk-hand">
                    {v.boats.map((n) => (
                      <Card key={n} n={n} onOpen={setCardOpen} />
                    ))}
                  </div>
                </>
              ) : null}
            </section>
            <PlayersList v={v} colors={colors} me={me} onTown={showTown} />
            {v.period > 1 || over ? <Interim v={v} /> : null}
          </>
        ),
        log: { id: "nk-log-h", extra: "nk-log" },
        actions: next ? (
          <MoveChoice game="neko" m={next} send={send} busy={busy} class="btn-end">
            {moveLabel(next, v, me)}
          </MoveChoice>
        ) : (
          <p class="hint" data-testid="waiting">
            {v.active === me ? t("neko.chooseAbove") : actingName(v) ? t("neko.waitingFor", { who: actingName(v) }) : t("neko.waitingOthers")}
          </p>
        ),
        after:
          cardOpen !== null ? (
            <CardLarge key={cardOpen} n={cardOpen} onClose={() => setCardOpen(null)}>
              {cardMoves.map((m) => (
                <MoveButton key={moveKey(m)} m={m} v={v} me={me} send={send} busy={busy} primary={m.type !== "deactivate"} />
              ))}
            </CardLarge>
          ) : null,
      }}
    />
  );
}
