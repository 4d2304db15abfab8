// Harbor Holdings from one seat, in the shared PlayFrame: the board in a
// ZoomBoard with the dice, whose turn and the round in its middle, a chosen space's
// details with its reference topic, the players, the trade panel, and every
// legal move as a MoveChoice. The cash shows its last change (Delta).

import { useState } from "preact/hooks";
import { Delta } from "../../components/Delta";
import { MoveChoice } from "../../components/MoveChoice";
import { PlayFrame } from "../../components/PlayFrame";
import { MoveLine, RichText, TopicLink } from "../../components/Rules";
import { usePlay } from "../../components/usePlay";
import { LoadingGame } from "../../components/Loading";
import { topicById, wantReference } from "../../rules/reference";
import { formatList, formatNumber, t } from "../../i18n/i18n";
import type { GameResult, Move } from "../../protocol";
import type { TableStore } from "../../state";
import { Die } from "../../components/Die";
import { ZoomBoard } from "../../components/ZoomBoard";
import { Board } from "./Board";
import { CELL, groupOf, isOwnable, SIDE, SPACES, spaceName, type SpaceKind } from "./board";
import { improveMoves, moveLabel, seatName, turnMoves } from "./moves";
import { HoldingChip, PlayersPanel, Ranking, WorthChart } from "./Panels";
import { summary } from "./summary";
import { TradePanel } from "./Trade";
import { decodeView, holdingsOf, latestSpace, rollKey, type HoldingsView } from "./view";

/** turnLine says whose turn it is and what they are doing, in words: for the viewer, only what its legal moves offer. */
export function turnLine(v: HoldingsView, me: number, legal: Move[] = []): string {
  const mine = v.turn === me;
  const what =
    v.phase === "roll"
      ? t(mine ? "holdings.turn.roll" : "holdings.turn.aboutToRoll")
      : v.phase === "buy" && v.landed >= 0
        ? t(mine ? "holdings.turn.buyOrPass" : "holdings.turn.decidingOn", { place: spaceName(v.landed) })
        : mine
          ? t(improveMoves(legal).length > 0 ? "holdings.turn.improveOrEnd" : "holdings.turn.end")
          : t("holdings.turn.finishing");
  return t("holdings.turn.line", { round: v.round, of: v.roundLimit, whose: whoseTurn(v, me), what });
}

/** whoseTurn says "Your turn" or "Ana's turn". */
export function whoseTurn(v: HoldingsView, me: number): string {
  return v.turn === me ? t("holdings.turn.yours") : t("holdings.turn.theirs", { who: v.names[v.turn] ?? t("holdings.someone") });
}

/**
 * unaffordable explains a purchase the server did not offer because the
 * player is short of Coins: the space they are deciding on, its price and
 * their cash; null when a purchase is offered or price is not the reason.
 */
export function unaffordable(v: HoldingsView, me: number, offered: Move[]): { name: string; price: number; cash: number } | null {
  if (me < 0 || v.turn !== me || v.phase !== "buy" || v.landed < 0 || offered.some((m) => m.type === "buy")) return null;
  const space = SPACES[v.landed];
  const cash = v.cash[me] ?? 0;
  if (!space?.price || !isOwnable(space) || (v.owner[v.landed] ?? -1) >= 0 || space.price <= cash) return null;
  return { name: spaceName(v.landed), price: space.price, cash };
}

/** winnersLine names the winners of a finished game. */
export function winnersLine(view: HoldingsView, result: GameResult): string {
  const names = result.winners.map((s) => seatName(view.names, s));
  if (names.length === 0) return t("holdings.over.none");
  return names.length === 1 ? t("holdings.over.wins", { who: names[0]! }) : t("holdings.over.share", { who: formatList(names) });
}

/** GameOverCentre fills the middle of the board once the game is over. */
export function GameOverCentre({ text }: { text: string }) {
  const inner = SIDE - 2 * CELL;
  return (
    <g>
      <text x={inner / 2} y={inner / 2 - 40} text-anchor="middle" class="board-title">
        {t("holdings.over.title")}
      </text>
      <CentreLine y={inner / 2 + 50} text={text} />
    </g>
  );
}

/** CentreLine is a line of big text across the middle of the board, set smaller when long names would reach past it. */
export function CentreLine({ y, text }: { y: number; text: string }) {
  const inner = SIDE - 2 * CELL;
  const size = Math.min(52, Math.floor((inner - 80) / (0.62 * text.length)));
  return (
    <text x={inner / 2} y={y} text-anchor="middle" class="board-turn" style={size < 52 ? { fontSize: `${size}px` } : undefined}>
      {text}
    </text>
  );
}

function BoardCentre({ view, me, rolled }: { view: HoldingsView; me: number; rolled: number }) {
  const inner = SIDE - 2 * CELL;
  return (
    <g>
      <text x={inner / 2} y={140} text-anchor="middle" class="board-title">
        {t("holdings.title")}
      </text>
      <g key={rolled}>
        <Die value={view.dice[0]} x={inner / 2 - 130} y={260} size={110} rolling={rolled > 0} />
        <Die value={view.dice[1]} x={inner / 2 + 20} y={260} size={110} rolling={rolled > 0} />
      </g>
      <CentreLine y={480} text={whoseTurn(view, me)} />
      <text x={inner / 2} y={540} text-anchor="middle" class="board-round">
        {t("holdings.round", { n: view.round, of: view.roundLimit })}
      </text>
    </g>
  );
}

/** The reference topic that says what a space of each kind does. */
const SPACE_TOPIC: Record<SpaceKind, string> = {
  gate: "gate",
  street: "streets",
  ferry: "ferries",
  utility: "utilities",
  levy: "levies",
  dispatch: "dispatch",
  festival: "festival",
  inspection: "inspection",
  customs: "customs",
};

/** SpaceRule says in a line what a space does, from the rules reference, with a link to the whole topic. */
function SpaceRule({ kind }: { kind: SpaceKind }) {
  const ref = wantReference("holdings");
  const topic = ref ? topicById(ref, SPACE_TOPIC[kind]) : undefined;
  if (!topic) return null;
  const first = topic.body.find((b): b is string => typeof b === "string");
  return (
    <div class="space-rule" data-testid="space-rule">
      {first ? (
        <p>
          <RichText text={first} />
        </p>
      ) : null}
      <TopicLink topic={topic.id}>{t("holdings.more", { title: topic.title })}</TopicLink>
    </div>
  );
}

function SpaceDetails({
  space,
  view,
  legal,
  send,
  pending,
  onClose,
}: {
  space: number;
  view: HoldingsView;
  legal: Move[];
  send: (m: Move) => void;
  pending: boolean;
  onClose: () => void;
}) {
  const s = SPACES[space]!;
  const g = groupOf(space);
  const owner = view.owner[space] ?? -1;
  const lvl = view.improvements[space] ?? 0;
  const improve = legal.find((m) => m.type === "improve" && m.space === space);
  return (
    <section class="panel space-details" aria-labelledby="space-h" data-testid="space-details">
      <h2 id="space-h">
        {g ? <span class="chip-swatch" style={{ background: g.fill }} aria-hidden="true" /> : null}
        {spaceName(space)}
      </h2>
      <dl class="facts">
        {g ? (
          <>
            <dt>{t("holdings.fact.group")}</dt>
            <dd>{g.name}</dd>
          </>
        ) : null}
        {s.price ? (
          <>
            <dt>{t("holdings.fact.price")}</dt>
            <dd>{formatNumber(s.price)}</dd>
          </>
        ) : null}
        {s.rent ? (
          <>
            <dt>{t(s.kind === "street" ? "holdings.fact.baseRent" : "holdings.fact.rentEach")}</dt>
            <dd>{formatNumber(s.rent)}</dd>
          </>
        ) : null}
        {isOwnable(s) ? (
          <>
            <dt>{t("holdings.fact.owner")}</dt>
            <dd>{owner >= 0 ? view.names[owner] : t("holdings.fact.nobody")}</dd>
          </>
        ) : null}
        {s.kind === "street" ? (
          <>
            <dt>{t("holdings.fact.improvements")}</dt>
            <dd>{t("holdings.fact.levels", { n: lvl, of: 5 })}</dd>
          </>
        ) : null}
      </dl>
      <SpaceRule kind={s.kind} />
      <div class="row">
        {improve ? (
          <span class="move-choice">
            <button type="button" class="btn-primary" disabled={pending} onClick={() => send(improve)} aria-describedby="space-improve-line">
              {moveLabel(improve, view)}
            </button>
            <MoveLine game="holdings" type="improve" id="space-improve-line" />
          </span>
        ) : null}
        <button type="button" onClick={onClose}>
          {t("holdings.close")}
        </button>
      </div>
    </section>
  );
}

/** HoldingsPlayer is the game from one player's seat: phone first, two columns on a laptop. */
export function HoldingsPlayer({ store }: { store: TableStore }) {
  const play = usePlay(store);
  const [selected, setSelected] = useState<number | null>(null);
  if (!play) return <LoadingGame />;
  const { data, game: g, colors, me, legal, send, busy, over } = play;
  const view = decodeView(
    g.view,
    play.seats.map((s) => s.name),
  );
  const turn = turnMoves(legal);
  const improves = improveMoves(legal);
  const short = unaffordable(view, me, turn);
  const mine = me >= 0 ? holdingsOf(view, me) : [];
  const myTurn = play.myTurn && view.turn === me;

  return (
    <PlayFrame
      store={store}
      play={play}
      parts={{
        game: "holdings",
        class: "holdings",
        turnLine: turnLine(view, me, legal),
        label: (m) => moveLabel(m, view),
        summary: () => summary(view, me),
        head:
          me >= 0 ? (
            <p class="my-coins" data-testid="my-coins" data-coins={view.cash[me] ?? 0}>
              <span class="sr-only">{t("holdings.youHave")} </span>
              {formatNumber(view.cash[me] ?? 0)} <span class="unit">{t("holdings.coinsUnit")}</span>
              <Delta value={view.cash[me] ?? 0} />
            </p>
          ) : null,
        final: (
          <>
            <Ranking result={g.result} view={view} colors={colors} />
            <section class="panel">
              <WorthChart view={view} colors={colors} />
            </section>
          </>
        ),
        board: (
          <>
            <ZoomBoard label={t("holdings.zoomLabel")} center={`[data-token="${me}"]`}>
              <Board
                view={view}
                colors={colors}
                selected={selected ?? undefined}
                highlight={view.landed >= 0 ? view.landed : undefined}
                pulse={latestSpace(data.log, data.logVersions)}
                pulseKey={data.version}
                onSelect={setSelected}
                label={t("holdings.boardLabel")}
              >
                {over ? (
                  <GameOverCentre text={winnersLine(view, g.result)} />
                ) : (
                  <BoardCentre view={view} me={me} rolled={rollKey(data.log, data.logVersions)} />
                )}
              </Board>
            </ZoomBoard>
            {selected !== null ? (
              <SpaceDetails space={selected} view={view} legal={legal} send={send} pending={busy} onClose={() => setSelected(null)} />
            ) : null}
          </>
        ),
        side: (
          <>
            {me >= 0 && !over ? (
              <section class="panel mine" aria-labelledby="mine-h">
                <h2 id="mine-h">{t("holdings.mine")}</h2>
                {mine.length === 0 ? <p class="hint">{t("holdings.mineNone")}</p> : null}
                <ul class="mine-list">
                  {mine.map((sp) => {
                    const m = improves.find((x) => x.space === sp);
                    return (
                      <li key={sp}>
                        <HoldingChip space={sp} level={view.improvements[sp] ?? 0} onClick={() => setSelected(sp)} />
                        {m ? (
                          <button type="button" class="btn-small" disabled={busy} onClick={() => send(m)} data-testid={`improve-${sp}`}>
                            {/* The spoken name starts with the words shown, then names the holding. */}
                            {t("holdings.improveShort", { n: 70 })}
                            <span class="sr-only">{t("holdings.improveWhat", { place: spaceName(sp) })}</span>
                          </button>
                        ) : null}
                      </li>
                    );
                  })}
                </ul>
              </section>
            ) : null}
            {!over ? <TradePanel view={view} me={me} legal={legal} over={over} send={send} pending={busy} /> : null}
            <PlayersPanel view={view} colors={colors} me={me} onSpace={setSelected} />
          </>
        ),
        actions: (
          <>
            {view.trade && view.trade.to === me ? (
              <button
                type="button"
                class="btn-offer"
                onClick={() => {
                  const h = document.getElementById("trade-h");
                  h?.scrollIntoView({ block: "center" });
                  h?.focus();
                }}
              >
                {t("holdings.offerFrom", { who: seatName(view.names, view.trade.from) })}
              </button>
            ) : null}
            {turn.length === 0 ? (
              <p class="hint" data-testid="waiting">
                {myTurn
                  ? t("holdings.wait.choose")
                  : view.trade?.to === me
                    ? t("holdings.wait.answer")
                    : view.names[view.turn]
                      ? t("holdings.wait.for", { who: view.names[view.turn]! })
                      : t("holdings.wait.others")}
              </p>
            ) : (
              <>
                {short ? (
                  <button type="button" disabled aria-describedby="cannot-afford" data-testid="cannot-buy">
                    {t("holdings.buyShort", { place: short.name })}
                    <small id="cannot-afford" class="why-not">
                      {t("holdings.cannotAfford", { price: short.price, cash: short.cash })}
                    </small>
                  </button>
                ) : null}
                {turn.map((m) => (
                  <MoveChoice
                    key={JSON.stringify(m)}
                    game="holdings"
                    m={m}
                    send={send}
                    busy={busy}
                    class={m.type === "roll" || m.type === "buy" ? "btn-primary" : m.type === "end" ? "btn-end" : ""}
                  >
                    {moveLabel(m, view)}
                  </MoveChoice>
                ))}
              </>
            )}
          </>
        ),
      }}
    />
  );
}
