// The Great Harbor from one seat: the Harbor first with the decision under
// it, then the draft, your colony, the voyages, the District, the displays,
// everyone else and the log; two columns on a laptop.

import { t } from "../../i18n/i18n";
import { useState } from "preact/hooks";
import { PlayFrame } from "../../components/PlayFrame";
import { useFocusStep, usePlay } from "../../components/usePlay";
import { LoadingGame } from "../../components/Loading";
import { ZoomBoard } from "../../components/ZoomBoard";
import type { GameEvent } from "../../protocol";
import type { TableStore } from "../../state";
import { ActionPanel, noChoice, validChoice, type PlaceChoice } from "./Action";
import { AutomaTurnPanel } from "./AutomaTurn";
import { Harbor, tileLabel } from "./Harbor";
import { GainIcons } from "./icons";
import { type CraneChoice, craneSlots, moveLabel, noCrane, shopCorners, tileTitle, validCrane } from "./moves";
import { AutomaPanel, Colony, DisplaysPanel, DistrictPanel, DraftPanel, OrderLine, othersOf, PrestigeChart, ScoreTable, VoyagePanel } from "./Panels";
import { QuickRefButton } from "./QuickRef";
import { slotsFor } from "./split";
import { tileById } from "./content";
import { competitorName, decodeView, phaseLabel, turnLabel, type GreatHarborView } from "./view";
import { summary } from "./summary";

/** statusLine: round, turn, phase and whose decision it is. */
export function statusLine(v: GreatHarborView, me: number): string {
  if (v.phase === "over") return t("greatharbor.ui.over");
  const who =
    v.actor < 0 ? "" : v.actor === me ? t("greatharbor.ui.status.your_move") : t("greatharbor.ui.status.to_move", { who: competitorName(v, v.actor) });
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
  const tile = tileById(v.tiles[cell] ?? "");
  return (
    <section class="panel gh-tile-details" aria-labelledby="gh-tile-h" data-testid="tile-details">
      <h2 id="gh-tile-h">{tileTitle(v, cell)}</h2>
      <p class="sr-only">{tileLabel(v, cell)}</p>
      <p>{t("greatharbor.ui.tile.fee_now", { n: v.fees[cell] ?? 0 })}</p>
      <ol class="gh-tiers">
        {(tile?.tiers ?? []).map((g, i) => (
          <li key={i}>
            {t("greatharbor.ui.tile.tier", { tier: "I".repeat(i + 1), n: 2 * i + 1 })} <GainIcons gain={g} />
          </li>
        ))}
      </ol>
      <button type="button" class="btn-small" onClick={onClose}>
        {t("greatharbor.ui.ref.close")}
      </button>
    </section>
  );
}

/** GreatHarborPlayer is The Great Harbor from one seat: the Harbor with the decision under it, the panels beside it on a laptop. */
export function GreatHarborPlayer({ store }: { store: TableStore }) {
  const play = usePlay(store);
  const [rawChoice, setChoice] = useState<PlaceChoice>(noChoice);
  const [tile, setTile] = useState<number | null>(null);
  // Which tile holds the tiles' one Tab stop, kept here so the Harbor draws without state of its own.
  const [tileStop, setTileStop] = useState(0);
  const [rawCorner, setCorner] = useState<number | null>(null);
  const [rawCrane, setCrane] = useState<CraneChoice>(noCrane);
  // Each step of a placement takes the focus to the next: a marked slot (or the District), the split, Place.
  useFocusStep(`${rawChoice.die}/${rawChoice.slot}/${rawChoice.split}`, () => {
    const screen = document.querySelector(".gh-play");
    if (!screen || rawChoice.die === null) return null;
    if (rawChoice.slot === null)
      return (
        screen.querySelector<SVGElement>(["svg.gh-harbor", '[data-slot][tabindex="0"]'].join(" ")) ??
        screen.querySelector<HTMLElement>('[data-testid="to-district"]')
      );
    if (rawChoice.split === null) return screen.querySelector<HTMLElement>([".gh-splits", '[role="radio"]'].join(" "));
    return screen.querySelector<HTMLElement>('[data-testid="place-confirm"]');
  });
  if (!play) return <LoadingGame />;
  const v = decodeView(play.game.view);
  const { data, game: g, colors, me, legal, busy, send, over } = play;
  const choice = validChoice(rawChoice, legal);
  const crane = validCrane(rawCrane, legal);
  const craning = legal.some((m) => m.type === "crane");
  const open = craning
    ? [...craneSlots(legal, crane), ...(crane.from !== null ? [crane.from] : [])]
    : choice.die !== null
      ? slotsFor(legal, choice.die).filter((s) => s < 24)
      : [];
  const corners = shopCorners(legal);
  const corner = rawCorner !== null && corners.includes(rawCorner) ? rawCorner : null;

  return (
    <PlayFrame
      store={store}
      play={play}
      parts={{
        game: "greatharbor",
        class: "gh-play",
        turnLine: statusLine(v, me),
        label: (m) => moveLabel(m, v),
        summary: () => summary(v, me),
        head: <QuickRefButton />,
        final: v.scores.length ? (
          <>
            <ScoreTable v={v} result={g.result} colors={colors} />
            <section class="panel">
              <PrestigeChart v={v} colors={colors} />
            </section>
          </>
        ) : null,
        layout: { grid: "gh-grid", board: "gh-board", side: "gh-side" },
        board: (
          <>
            <ZoomBoard label={t("greatharbor.ui.the_harbor_lower")}>
              <Harbor
                view={v}
                colors={colors}
                open={open}
                chosen={(craning ? (crane.to ?? crane.from) : choice.slot) ?? undefined}
                tile={tile ?? undefined}
                onSlot={(s) =>
                  craning
                    ? setCrane(crane.from === null ? { from: s, to: null } : s === crane.from ? noCrane : { from: crane.from, to: s })
                    : setChoice({ die: choice.die, slot: s, split: null })
                }
                onTile={(c) => {
                  setTile(tile === c ? null : c);
                  setTileStop(c);
                }}
                tileStop={tileStop}
                onTileStop={setTileStop}
                corners={corners}
                corner={corner ?? undefined}
                onCorner={(c) => setCorner(corner === c ? null : c)}
                openSay={
                  craning
                    ? (s) =>
                        crane.from === null
                          ? t("greatharbor.ui.crane.may_move")
                          : s === crane.from
                            ? t("greatharbor.ui.crane.moving")
                            : t("greatharbor.ui.crane.may_go")
                    : undefined
                }
                fresh={freshSlot(data.log, data.logVersions)}
                label={t(v.shops ? "greatharbor.ui.harbor_label_shops" : "greatharbor.ui.harbor_label")}
              />
            </ZoomBoard>
            {tile !== null ? <TileDetails v={v} cell={tile} onClose={() => setTile(null)} /> : null}
            {me >= 0 && !over ? (
              <ActionPanel
                v={v}
                me={me}
                legal={legal}
                send={send}
                busy={busy}
                choice={choice}
                setChoice={setChoice}
                corner={corner}
                setCorner={setCorner}
                crane={crane}
                version={data.version}
              />
            ) : null}
            <AutomaTurnPanel v={v} />
          </>
        ),
        side: (
          <>
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
          </>
        ),
        log: { id: "gh-log-h", extra: "gh-log" },
      }}
    />
  );
}
