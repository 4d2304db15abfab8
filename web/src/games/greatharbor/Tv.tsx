// The Great Harbor on the living-room TV (1920 × 1080): the Harbor large on
// the left with every die and fee, and beside it the draft as it happens,
// the voyages, a row per player (name, hand and resources) and the Automa,
// and what just happened.

import type { TableStore } from "../../state";
import { AutomaTurnPanel } from "./AutomaTurn";
import { Harbor } from "./Harbor";
import { AutomaPanel, BonusTile, CompetitorBadge, OrderLine, PrestigeChart, Resources, ScoreTable, TvOffer, VoyagePanel } from "./Panels";
import { Amount, DieChip, Icon } from "./icons";
import { freshSlot, statusLine } from "./Player";
import { COLOURS } from "./content";
import { diceAt, LOC, decodeView, type GreatHarborView } from "./view";
import { EarlierLog } from "../../components/EarlierLog";

function TvPlayers({ v, colors }: { v: GreatHarborView; colors: string[] }) {
  return (
    <ul class="gh-tv-players">
      {Array.from({ length: v.n }, (_, seat) => {
        const p = v.players[seat]!;
        const hand = v.handSizes[seat] ?? [0, 0, 0];
        const drafted = diceAt(v, LOC.drafted, seat);
        return (
          <li key={seat} class={v.actor === seat ? "gh-on-turn" : ""} data-testid={`tv-player-${seat}`}>
            <div class="gh-tv-name">
              <CompetitorBadge v={v} id={seat} colors={colors} size={30} /> {v.names[seat]}
              {seat === v.anchor ? <Icon name="anchor" size={28} label="holds the Anchor" /> : null}
              {drafted.map((d) => (
                <DieChip key={d.id} colour={d.colour} face={d.face} size={34} label={`drafted ${COLOURS[d.colour]} ${d.face}`} />
              ))}
              <span class="gh-tv-hand">
                Hand <Amount n={hand[0] ?? 0} icon="person" label="People in hand" /> <Amount n={hand[1] ?? 0} icon="building" label="Buildings in hand" />{" "}
                <Amount n={hand[2] ?? 0} icon="ship" label="Ships in hand" /> · ships out {p.ships.filter((s) => s.card >= 0 && s.where !== 0).length}
              </span>
            </div>
            <Resources p={p} />
          </li>
        );
      })}
    </ul>
  );
}

/** TvDistrict: the Smuggler dice of this round and the dice placed in the District. */
function TvDistrict({ v }: { v: GreatHarborView }) {
  const smugglers = diceAt(v, LOC.smuggler);
  const placed = diceAt(v, LOC.district);
  if (!smugglers.length && !placed.length) return null;
  return (
    <div class="gh-row gh-tv-district" data-testid="tv-district">
      <span class="gh-label">Smuggler dice:</span>
      {smugglers.map((d) => (
        <DieChip key={d.id} colour={d.colour} face={d.face} size={36} label={`Smuggler die ${COLOURS[d.colour]} ${d.face}`} />
      ))}
      {placed.length ? <span class="gh-label">in the District:</span> : null}
      {placed.map((d) => (
        <DieChip key={d.id} colour={d.colour} face={d.face} size={36} label={`${COLOURS[d.colour]} ${d.face} in the District`} />
      ))}
    </div>
  );
}

export function GreatHarborTv({ store }: { store: TableStore }) {
  const data = store.data.value;
  const g = data.game!;
  const seats = data.lobby?.seats ?? [];
  const colors = seats.map((s) => s.color);
  const v = decodeView(g.view);
  const over = g.result.over || v.phase === "over";
  const last = data.log.slice(-3).reverse();
  const pool = diceAt(v, LOC.pool);
  // The column holds what the phase needs. During the draft the cards on
  // offer wait (nobody takes one then), and the Automa's turn, when it has
  // one, stands in the voyages' place (they do not move then either); during
  // the actions the voyages and the offer are back. With more than one person
  // the Automa's turn gives the reason of its newest step only.
  const crowded = v.n > 1;
  const drafting = v.phase === "draft";
  const automaTurn = Boolean(v.automa?.last) && drafting;
  return (
    <div class={`tv gh-tv ${over ? "gh-tv-over" : ""}`}>
      <div class="gh-tv-board">
        <Harbor view={v} colors={colors} fresh={freshSlot(data.log, data.logVersions)} label="The Harbor" tv />
      </div>
      <div class="gh-tv-side">
        <p class="tv-status gh-tv-status" data-testid="tv-turn">
          {statusLine(v, -1)}
        </p>
        {over && v.scores.length ? (
          <>
            <ScoreTable v={v} result={g.result} colors={colors} />
            <PrestigeChart v={v} colors={colors} width={900} height={300} />
          </>
        ) : (
          <>
            <div class="gh-tv-draft" data-testid="tv-draft">
              {pool.length ? <span>Rolled:</span> : null}
              {pool.map((d) => (
                <DieChip key={d.id} colour={d.colour} face={d.face} size={44} label={`${COLOURS[d.colour]} ${d.face}`} />
              ))}
              <OrderLine v={v} colors={colors} />
            </div>
            <BonusTile v={v} />
            <TvDistrict v={v} />
            <TvPlayers v={v} colors={colors} />
            <AutomaPanel v={v} colors={colors} />
            {automaTurn ? <AutomaTurnPanel v={v} tv brief={crowded} /> : null}
            {automaTurn ? null : <VoyagePanel v={v} colors={colors} />}
            {drafting ? null : <TvOffer v={v} />}
            <ol class="gh-tv-last" aria-live="polite">
              {last.map((e, i) => (
                <li key={`${data.version}-${i}`} class={i === 0 ? "gh-tv-newest" : ""}>
                  {e.text}
                </li>
              ))}
            </ol>
            <EarlierLog store={store} shows={3} />
          </>
        )}
      </div>
    </div>
  );
}
