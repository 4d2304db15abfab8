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
import { Card, CardLarge, Icon } from "./Cards";
import { cardName, CARDS, choiceTitle } from "./cards";
import { columnName, distinctMoves, draftMove, groupMoves, moveKey, moveLabel, movesForCard } from "./moves";
import { Final, Interim, PointsChart } from "./Score";
import { Attractions, Supply, Town } from "./Town";
import { actingName, decodeView, ghostOn, scoreSoFar, shipsInGame, type NekoPlayer, type NekoView } from "./view";
import { summary } from "./summary";

const STAGE_WORDS: Record<string, [string, string]> = {
  play: ["play a card, or tuck one as a hub", "choosing a card"],
  tuck: ["keep the Immediate card or tuck it", "deciding on an Immediate card"],
  choice: ["make a choice", "making a choice"],
  discard: ["discard down to your limit", "discarding"],
  boat: ["take a fishing boat", "taking a fishing boat"],
};

/** turnLine says where the game is and whose move it is, in words. */
export function turnLine(v: NekoView, me: number): string {
  if (v.phase === "over") return "The game is over.";
  const mine = v.active === me;
  const who = mine ? "Your" : `${actingName(v) || "Someone"}'s`;
  if (v.phase === "draft") return `Period ${v.period} draft · ${who} pick`;
  if (v.phase === "boats") return `Fishing boats · ${mine ? "your" : `${actingName(v)}'s`} choice`;
  const p = v.players[v.active];
  let what = STAGE_WORDS[v.stage]?.[mine ? 0 : 1] ?? "";
  if (v.stage === "window" && p) what = v.window < p.columns.length ? `${columnName(p, v.window)} is active` : "the final window";
  const period = v.phase === "last" ? "Last window after period 2" : `Period ${v.period}`;
  return `${period} · ${who} turn${what ? `: ${what}` : ""}`;
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
      <h2 id="nk-draft-h">Period {v.period} draft</h2>
      {mine ? <MoveLine game="neko" type={v.rows.length > 0 ? "draft" : "pick"} /> : null}
      <p class="nk-whose" data-testid="whose-pick">
        {mine ? "Your pick." : `${actingName(v)} is picking.`} Order: {v.order.map((s) => v.players[s]?.name).join(", ")}
      </p>
      {v.rows.length > 0 ? (
        <>
          <p class="hint">Take one set from a row. You may take each set size (1, 2 or 3 cards) only once a period.</p>
          {v.rows.map((row, r) => (
            <div key={r} class="nk-row" role="group" aria-label={`Row ${r + 1}`}>
              <h3>Row {r + 1}</h3>
              {row.map((set, k) => {
                if (set.taken)
                  return (
                    <div key={k} class="nk-set nk-set-taken">
                      taken
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
                      <p class="nk-rule">You already took a set of {set.cards.length} this period.</p>
                    ) : null}
                  </div>
                );
              })}
            </div>
          ))}
        </>
      ) : (
        <>
          <p class="hint">Two players take turns: one card, then two, then two, then one. Open a card to read it.</p>
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
          <h3>You drafted</h3>
          {p.drafted.length ? (
            <div class="nk-hand">
              {p.drafted.map((n) => (
                <Card key={n} n={n} onOpen={open} />
              ))}
            </div>
          ) : (
            <p class="hint">nothing yet</p>
          )}
        </div>
      ) : null}
      <p class="hint">
        Drafted so far:{" "}
        {v.players
          .filter((x) => x.seat !== me)
          .map((x) => `${x.name} ${x.drafted.length}`)
          .join(", ")}
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
          ? "Play a card"
          : v.stage === "tuck"
            ? `${cardName(v.immediate)} resolved: keep it or tuck it`
            : v.stage === "choice"
              ? choiceTitle(v.choice?.name ?? "")
              : v.stage === "discard"
                ? "Too many cards: discard"
                : v.stage === "boat"
                  ? "Take a fishing boat"
                  : finalWindow
                    ? v.lastWindow
                      ? "Your last window: cards only"
                      : "Final window"
                    : `Window: ${columnName(p, v.window)}`}
      </h2>
      {inWindow ? (
        <>
          <p class="nk-icons" data-testid="icons-left">
            Left to spend: <Icon name="licence" /> {lic} · <Icon name="coin" /> {coin} · <Icon name="fuel" /> {fuel}
          </p>
          <p class="hint">Icons are spent first, then cards (licences; fish for coins and fuel). What is left ends with the window.</p>
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
                    <button type="button" onClick={() => open(n)} aria-label={`Tuck as a hub (+2 fish): ${cardName(n)} ${CARDS[n]?.id}; choose the column`}>
                      Tuck as a hub (+2 fish)…
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
      {inWindow && groups.length === 0 ? <p class="hint">Nothing more to do in this window.</p> : null}
    </section>
  );
}

/** Players lists every player's public figures, and opens their town. */
function PlayersList({ v, colors, me, onTown }: { v: NekoView; colors: string[]; me: number; onTown: (seat: number) => void }) {
  return (
    <section class="panel" aria-labelledby="nk-players-h">
      <h2 id="nk-players-h">Players</h2>
      <ul class="nk-players">
        {v.order.map((seat) => {
          const p = v.players[seat];
          if (!p) return null;
          return (
            <li key={seat} class={seat === v.active ? "nk-on" : ""}>
              <SeatBadge seat={seat} color={colors[seat]} />
              <button type="button" class="btn-quiet" onClick={() => onTown(seat)} aria-label={`${p.name}${seat === me ? " (you)" : ""}: show the town`}>
                {p.name}
                {seat === me ? " (you)" : ""}
              </button>
              {seat === v.active ? <span class="tag tag-turn">to move</span> : null}
              <span class="nk-pfig">
                {scoreSoFar(p)} pts · harbour {p.harbour} · {shipsInGame(p).filter((s) => s.index < 6).length} ships · hand {p.handCount}
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
        Towns
      </h2>
      <div class="nk-tabs" role="tablist" aria-label="Whose town">
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
            {x.seat === me ? "Your town" : x.name}
          </button>
        ))}
      </div>
      {p ? (
        <div role="tabpanel" aria-label={`${p.seat === me ? "Your" : `${p.name}'s`} town`}>
          <ZoomBoard label="the town" max={2}>
            <Town v={v} p={p} onOpen={open} active={v.active === p.seat && v.stage === "window" ? v.window : undefined} />
          </ZoomBoard>
          <Supply p={p} />
          {ghostOn(v) ? (
            <p class="hint">
              The ghost ship is level 0, moves for 2 fuel a step along the line only, and scores 8 points if it ends a period on the last column.
            </p>
          ) : null}
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
            {scoreSoFar(mine)} <span class="unit">points</span>
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
                <h2 id="nk-hand-h">Your hand ({mine.hand.length})</h2>
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
              <h2 id="nk-attr-h">Attractions</h2>
              <Attractions v={v} />
              {v.boats.length && v.phase !== "boats" ? (
                <>
                  <h3>Fishing boats on offer after the scoring</h3>
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
            {v.active === me ? "Choose above." : `Waiting for ${actingName(v) || "the others"}…`}
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
