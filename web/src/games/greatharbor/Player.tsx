// The Great Harbor from one seat: the Harbor first with the decision under
// it, then the draft, your colony, the voyages, the District, the displays,
// everyone else and the log; two columns on a laptop.

import { useState } from "preact/hooks";
import { AwayBanner } from "../../components/AwayBanner";
import { Countdown } from "../../components/Countdown";
import type { GameEvent } from "../../protocol";
import type { TableStore } from "../../state";
import { ActionPanel, noChoice, validChoice, type PlaceChoice } from "./Action";
import { Harbor, tileLabel } from "./Harbor";
import { GainIcons } from "./icons";
import { tileTitle } from "./moves";
import { AutomaPanel, Colony, DisplaysPanel, DistrictPanel, DraftPanel, LogPanel, OrderLine, othersOf, PrestigeChart, ScoreTable, VoyagePanel } from "./Panels";
import { QuickRefButton } from "./QuickRef";
import { slotsFor } from "./split";
import { tileById } from "./content";
import { competitorName, decodeView, phaseLabel, turnLabel, type GreatHarborView } from "./view";
import { EarlierLog } from "../../components/EarlierLog";

/** statusLine: round, turn, phase and whose decision it is. */
export function statusLine(v: GreatHarborView, me: number): string {
  if (v.phase === "over") return "The game is over.";
  const who = v.actor < 0 ? "" : v.actor === me ? " · your move" : ` · ${competitorName(v, v.actor)} to move`;
  return `${turnLabel(v)} · ${phaseLabel(v.phase)}${who}`;
}

/** freshSlot is the slot the newest placement went to, so it can be marked. */
export function freshSlot(log: GameEvent[], versions: number[]): number {
  const v = versions[versions.length - 1];
  for (let i = log.length - 1; i >= 0 && versions[i] === v; i--) {
    const e = log[i]!;
    const d = e.data as { slot?: number } | undefined;
    if (e.type === "place" && d && typeof d === "object") return typeof d.slot === "number" ? d.slot : 0;
  }
  return -1;
}

function TileDetails({ v, cell, onClose }: { v: GreatHarborView; cell: number; onClose: () => void }) {
  const t = tileById(v.tiles[cell] ?? "");
  return (
    <section class="panel gh-tile-details" aria-labelledby="gh-tile-h" data-testid="tile-details">
      <h2 id="gh-tile-h">{tileTitle(v, cell)}</h2>
      <p class="sr-only">{tileLabel(v, cell)}</p>
      <p>Shore Fee now: {v.fees[cell] ?? 0}</p>
      <ol class="gh-tiers">
        {(t?.tiers ?? []).map((g, i) => (
          <li key={i}>
            Tier {"I".repeat(i + 1)} ({2 * i + 1}+ pips past the fee): <GainIcons gain={g} />
          </li>
        ))}
      </ol>
      <button type="button" class="btn-small" onClick={onClose}>
        Close
      </button>
    </section>
  );
}

export function GreatHarborPlayer({ store }: { store: TableStore }) {
  const data = store.data.value;
  const [rawChoice, setChoice] = useState<PlaceChoice>(noChoice);
  const [tile, setTile] = useState<number | null>(null);
  const g = data.game;
  if (!g) return <p class="page">Loading the game…</p>;
  const seats = data.lobby?.seats ?? [];
  const colors = seats.map((s) => s.color);
  const v = decodeView(g.view);
  const me = g.seat;
  const legal = g.legal;
  const choice = validChoice(rawChoice, legal);
  const over = g.result.over || v.phase === "over";
  const away = seats.find((s) => s.index === me)?.away === true;
  const busy = data.pending || store.link.value !== "open";
  const open = choice.die !== null ? slotsFor(legal, choice.die).filter((s) => s < 24) : [];
  const send = (m: (typeof legal)[number]) => store.move(m);

  return (
    <div class="play gh-play">
      <header class="play-head gh-head" aria-live="polite">
        <a href="/" class="home-link">
          Harbor
        </a>
        <p class="turn-line" data-testid="turn-line">
          {statusLine(v, me)}
        </p>
        {me >= 0 && !over ? <Countdown deadline={g.deadline} /> : null}
        <QuickRefButton />
      </header>

      {away ? <AwayBanner store={store} /> : null}

      {over && v.scores.length ? (
        <div class="final gh-final">
          <ScoreTable v={v} result={g.result} colors={colors} />
          <section class="panel">
            <PrestigeChart v={v} colors={colors} />
          </section>
        </div>
      ) : null}

      <div class="play-grid gh-grid">
        <div class="play-board gh-board">
          <Harbor view={v} colors={colors} open={open} chosen={choice.slot ?? undefined} tile={tile ?? undefined}
            onSlot={(s) => setChoice({ die: choice.die, slot: s, split: null })} onTile={(c) => setTile(tile === c ? null : c)}
            fresh={freshSlot(data.log, data.logVersions)} label="The Harbor: tiles and dice slots" />
          {tile !== null ? <TileDetails v={v} cell={tile} onClose={() => setTile(null)} /> : null}
          {me >= 0 && !over ? <ActionPanel v={v} me={me} legal={legal} send={send} busy={busy} choice={choice} setChoice={setChoice} version={data.version} /> : null}
        </div>
        <div class="play-side gh-side">
          <DraftPanel v={v} colors={colors} />
          <OrderLine v={v} colors={colors} />
          {me >= 0 ? <Colony v={v} seat={me} colors={colors} mine /> : null}
          <VoyagePanel v={v} colors={colors} />
          <DistrictPanel v={v} />
          <DisplaysPanel v={v} />
          {othersOf(v, me).map((s) => (
            <Colony key={s} v={v} seat={s} colors={colors} mine={false} />
          ))}
          <AutomaPanel v={v} colors={colors} />
          <LogPanel log={data.log} />
          <EarlierLog store={store} shows={40} />
        </div>
      </div>
    </div>
  );
}
