// The decision in front of the viewer, built only from the legal moves: the
// draft, placing a die (die, then slot, then a split with its preview, then
// confirm), the Govern actions with their costs, voyage and card prompts, and
// ending the turn.

import { MoveChoice } from "../../components/MoveChoice";
import { MoveLine } from "../../components/Rules";
import type { Move } from "../../protocol";
import { CardFace } from "./Card";
import { cardWords } from "./cards";
import { t } from "../../i18n/i18n";
import { RESOURCES } from "./content";
import { GovernPicker } from "./Govern";
import { Amount, DieChip, GainIcons, Icon, RES_ICONS } from "./icons";
import {
  type CraneChoice,
  colourWord,
  craneMove,
  dieName,
  distinctMoves,
  governMoves,
  moveKey,
  moveLabel,
  noCrane,
  pickedCard,
  promptMoves,
  slotName,
  tileTitle,
  validCrane,
} from "./moves";
import { diePips, slotsFor, splitOptions } from "./split";
import { DISTRICT, PENDING, VOYAGE_STAGE, type GreatHarborView } from "./view";
import { nameWord } from "./words";

/** Line is the rules reference's line for a kind of move, beside its choices. */
const Line = ({ type }: { type: string }) => <MoveLine game="greatharbor" type={type} />;

/** say is a line of the action panel: "greatharbor.ui.act.<id>". */
const say = (id: string, values?: Record<string, string | number>) => t(`greatharbor.ui.act.${id}`, values);

const int = (x: unknown) => (typeof x === "number" ? x : 0);

export interface PlaceChoice {
  die: number | null;
  slot: number | null;
  split: number | null;
}

export const noChoice: PlaceChoice = { die: null, slot: null, split: null };

/** validChoice drops the parts of a placement choice the legal moves no longer allow. */
export function validChoice(c: PlaceChoice, legal: Move[]): PlaceChoice {
  if (c.die === null) return noChoice;
  const slots = slotsFor(legal, c.die);
  if (slots.length === 0) return noChoice;
  if (c.slot === null || !slots.includes(c.slot)) return { die: c.die, slot: null, split: null };
  return c;
}

function promptTitle(v: GreatHarborView): string {
  if (v.pending) {
    switch (v.pending.kind) {
      case PENDING.building:
        return say("pick_building");
      case PENDING.person:
        return say("pick_person");
      case PENDING.flip:
        return say("flip", { n: v.pending.n, colour: colourWord(v.pending.colour) });
      case PENDING.crane:
        return say("crane");
      case PENDING.lighthouse:
        return say("lighthouse");
    }
  }
  if (v.phase === "voyage") {
    if (v.voyStage === VOYAGE_STAGE.corsair) return say("pirates_ahead", { n: v.voySeg + 1 });
    if (v.voyStage === VOYAGE_STAGE.window) return say("meets", { n: v.voySeg + 1 });
    return say("won", { n: v.voySeg + 1 });
  }
  return say("choice");
}

export function ActionPanel({
  v,
  me,
  legal,
  send,
  busy,
  choice,
  setChoice,
  corner = null,
  setCorner = () => {},
  crane = noCrane,
  version,
}: {
  v: GreatHarborView;
  me: number;
  legal: Move[];
  send: (m: Move) => void;
  busy: boolean;
  choice: PlaceChoice;
  setChoice: (c: PlaceChoice) => void;
  /** the Shop corner picked on the Harbor, or null */
  corner?: number | null;
  setCorner?: (vertex: number | null) => void;
  /** the Port Crane's die and slot picked on the Harbor */
  crane?: CraneChoice;
  version: number;
}) {
  const waitingOn =
    v.actor >= 0 ? (v.actor === v.n && v.automa ? say("the_automa") : (v.names[v.actor] ?? t("greatharbor.ui.another_player"))) : say("the_table");
  if (legal.length === 0) {
    return (
      <section class="panel gh-action" aria-labelledby="gh-act-h" data-testid="gh-action" data-version={version} data-mine="0">
        <h2 id="gh-act-h">{say("waiting")}</h2>
        <p class="hint" data-testid="waiting">
          {v.phase === "over" ? t("greatharbor.ui.over") : say("waiting_for", { who: waitingOn })}
        </p>
      </section>
    );
  }
  // One button per choice: twin dice and like production tiles make one each.
  const offered = distinctMoves(legal, v);
  const drafts = offered.filter((m) => m.type === "draft");
  const prompts = promptMoves(offered);
  // The Port Crane's moves (every die times every empty slot) are picked on the Harbor.
  const cranes = prompts.filter((m) => m.type === "crane");
  const craneChoice = validCrane(crane, legal);
  const craneReady = craneMove(legal, craneChoice);
  const places = legal.filter((m) => m.type === "place");
  const ends = offered.filter((m) => m.type === "end");
  const govern = governMoves(offered);
  const me_ = v.players[me];
  const btn = (m: Move, cls = "") => (
    <button key={moveKey(m)} type="button" class={cls} disabled={busy} onClick={() => send(m)} data-move={m.type}>
      {moveLabel(m, v)}
    </button>
  );
  // A card taken from the display is shown as its face, under the word Take: its name, cost and effect.
  const pickButton = (m: Move) => {
    const c = pickedCard(m, v);
    const w = c && cardWords(c.kind, c.n);
    if (!c || !w) return null;
    return (
      <button
        key={moveKey(m)}
        type="button"
        class={`gh-card gh-card-${c.kind} gh-pick`}
        disabled={busy}
        onClick={() => send(m)}
        data-move={m.type}
        data-card={`${c.kind}-${c.n}`}
      >
        <span class="gh-pick-take">{say("take")}</span>
        <CardFace w={w} />
      </button>
    );
  };
  const myDice = [...new Set(places.map((m) => int(m.die)))];
  const options = choice.die !== null && choice.slot !== null && choice.slot !== DISTRICT ? splitOptions(v, legal, choice.die, choice.slot) : [];
  const chosen = choice.split !== null ? options[choice.split] : undefined;
  return (
    <section class="panel gh-action gh-my-turn" aria-labelledby="gh-act-h" data-testid="gh-action" data-version={version} data-mine="1" data-decision>
      <h2 id="gh-act-h">
        {drafts.length
          ? say("draft")
          : prompts.length
            ? promptTitle(v)
            : v.phase === "final_convert"
              ? t("greatharbor.ui.phase.final_convert")
              : say("your_action")}
      </h2>
      {drafts.length ? <Line type="draft" /> : prompts.length ? <Line type={prompts[0]!.type} /> : null}

      {drafts.length ? (
        <div class="gh-choices">
          {drafts.map((m) => {
            const d = v.dice[int(m.die)]!;
            const bonus = me_ && (me_.colourBonus >> d.colour) & 1 ? (v.bonusTile[d.colour] ?? -1) : -1;
            return (
              <button
                key={moveKey(m)}
                type="button"
                class="gh-die-btn"
                disabled={busy}
                onClick={() => send(m)}
                data-move="draft"
                data-die={d.id}
                aria-label={bonus >= 0 ? say("bringing", { label: moveLabel(m, v), res: nameWord("res", RESOURCES[bonus] ?? "") }) : moveLabel(m, v)}
              >
                <DieChip colour={d.colour} face={d.face} size={40} />
                {bonus >= 0 ? (
                  <span class="gh-bonus-note" aria-hidden="true">
                    +<Icon name={RES_ICONS[bonus]!} size={16} label={false} />
                  </span>
                ) : null}
              </button>
            );
          })}
        </div>
      ) : null}

      {prompts.length > cranes.length ? (
        <div class={`gh-choices gh-prompts${prompts.some((m) => pickedCard(m, v)) ? " gh-picks" : ""}`}>
          {prompts.filter((m) => m.type !== "crane").map((m) => pickButton(m) ?? btn(m))}
        </div>
      ) : null}
      {cranes.length ? (
        <div class="gh-crane" data-testid="gh-crane">
          <p class="gh-step">
            {craneChoice.from === null
              ? say("crane_1")
              : say("crane_2", { die: dieName(v, v.slots[craneChoice.from] ?? 0), slot: slotName(v, craneChoice.from) })}
          </p>
          {craneReady ? btn(craneReady, "btn-primary") : null}
        </div>
      ) : null}

      {myDice.length ? (
        <div class="gh-place" data-testid="gh-place">
          <p class="gh-step">{say("place_1")}</p>
          <Line type="place" />
          <div class="gh-choices">
            {myDice.map((id) => {
              const d = v.dice[id]!;
              const on = choice.die === id;
              return (
                <button
                  key={id}
                  type="button"
                  class={`gh-die-btn ${on ? "gh-chosen" : ""}`}
                  aria-pressed={on}
                  onClick={() => setChoice(on ? noChoice : { die: id, slot: null, split: null })}
                  data-die={id}
                  data-testid={`my-die-${id}`}
                >
                  <DieChip colour={d.colour} face={d.face} size={40} />
                  <span class="sr-only">{dieName(v, id)}</span>
                  {d.bonus ? <span class="gh-bonus-note">+{d.bonus}</span> : null}
                </button>
              );
            })}
          </div>
          {choice.die !== null ? (
            <>
              <p class="gh-step">{say(slotsFor(legal, choice.die).includes(DISTRICT) ? "place_2_district" : "place_2")}</p>
              {slotsFor(legal, choice.die).includes(DISTRICT) ? (
                <button
                  type="button"
                  class={choice.slot === DISTRICT ? "gh-chosen" : ""}
                  aria-pressed={choice.slot === DISTRICT}
                  onClick={() => setChoice({ die: choice.die, slot: DISTRICT, split: 0 })}
                  data-testid="to-district"
                >
                  <Icon name="smuggler" size={20} label={false} /> {t("greatharbor.ui.district")}
                </button>
              ) : null}
            </>
          ) : null}
          {choice.die !== null && choice.slot !== null && choice.slot !== DISTRICT ? (
            <div class="gh-splits" role="radiogroup" aria-label={say("split_label", { die: dieName(v, choice.die), slot: slotName(v, choice.slot) })}>
              <p class="gh-step">{say("place_3", { n: diePips(v, choice.die, choice.slot), slot: slotName(v, choice.slot) })}</p>
              {options.map((o, i) => (
                <button
                  key={moveKey(o.move)}
                  type="button"
                  role="radio"
                  aria-checked={choice.split === i}
                  class={`gh-split ${choice.split === i ? "gh-chosen" : ""}`}
                  onClick={() => setChoice({ ...choice, split: i })}
                  data-split={i}
                  data-tiers={o.shares.map((s) => s.tier).join(",")}
                  data-fees={o.shares.map((s) => (s.waived ? 0 : s.fee)).join(",")}
                  data-tiles={o.shares
                    .filter((s) => s.tier > 0)
                    .map((s) => s.tile)
                    .join(",")}
                  data-both={o.shares.length === 2 && o.shares.every((s) => s.tier > 0) ? "1" : "0"}
                  data-fee-paid={o.shares.some((s) => s.tier > 0 && s.fee > 0 && !s.waived) ? "1" : "0"}
                >
                  {o.shares.every((s) => s.tier === 0) ? <span class="gh-share">{say("no_benefit")}</span> : null}
                  {o.shares
                    .filter((s) => s.tier > 0 || s.pips > 0)
                    .map((s) => (
                      <span key={s.cell} class="gh-share">
                        <strong>{tileTitle(v, s.cell)}</strong> {say("pips", { n: s.pips + s.extra })}
                        {s.fee > 0 ? (
                          s.waived ? (
                            <span class="gh-fee-note">{say("fee_ignored", { n: s.fee })}</span>
                          ) : (
                            <span class="gh-fee-note">{say("fee", { n: s.fee })}</span>
                          )
                        ) : null}
                        {" → "}
                        {s.tier > 0 && s.gain ? (
                          <>
                            {say("tier", { tier: "I".repeat(s.tier) })} <GainIcons gain={s.gain} colourRes={v.bonusTile[v.dice[choice.die!]?.colour ?? 0]} />
                          </>
                        ) : (
                          <span class="hint">{t("greatharbor.ui.nothing")}</span>
                        )}
                      </span>
                    ))}
                  {o.unused > 0 && o.shares.some((s) => s.tier > 0) ? <span class="gh-share hint">{say("unused", { n: o.unused })}</span> : null}
                  {o.tokens ? <Amount n={-o.tokens} icon="smuggler" label={say("tokens_spent", { n: -o.tokens })} /> : null}
                </button>
              ))}
            </div>
          ) : null}
          {choice.die !== null && choice.slot !== null && (choice.slot === DISTRICT || chosen) ? (
            <button
              type="button"
              class="btn-primary"
              disabled={busy}
              data-testid="place-confirm"
              onClick={() => {
                const m = choice.slot === DISTRICT ? places.find((x) => int(x.die) === choice.die && int(x.slot) === DISTRICT) : chosen?.move;
                if (m) {
                  send(m);
                  setChoice(noChoice);
                }
              }}
            >
              {say(choice.slot === DISTRICT ? "place_district" : "place_here", { die: dieName(v, choice.die) })}
            </button>
          ) : null}
        </div>
      ) : null}

      {govern.length ? <GovernPicker v={v} groups={govern} btn={btn} corner={corner} setCorner={setCorner} open={myDice.length === 0} /> : null}

      {ends.length ? (
        <div class="gh-choices">
          {ends.map((m) => (
            <MoveChoice key={moveKey(m)} game="greatharbor" m={m} send={send} busy={busy} class="btn-end">
              {moveLabel(m, v)}
            </MoveChoice>
          ))}
        </div>
      ) : null}
      {me_ && v.phase === "action" ? <p class="gh-small">{say("you_hold", { n: me_.smuggler, favor: me_.favor })}</p> : null}
    </section>
  );
}
