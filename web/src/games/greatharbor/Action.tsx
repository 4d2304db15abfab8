// The decision in front of the viewer, built only from the legal moves: the
// draft, placing a die (die, then slot, then a split with its preview, then
// confirm), the Govern actions with their costs, voyage and card prompts, and
// ending the turn.

import { MoveChoice } from "../../components/MoveChoice";
import { MoveLine } from "../../components/Rules";
import type { Move } from "../../protocol";
import { CardFace } from "./Card";
import { cardWords } from "./cards";
import { COLOURS, RESOURCES } from "./content";
import { GovernPicker } from "./Govern";
import { Amount, DieChip, GainIcons, Icon, RES_ICONS } from "./icons";
import {
  type CraneChoice,
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

/** Line is the rules reference's line for a kind of move, beside its choices. */
const Line = ({ type }: { type: string }) => <MoveLine game="greatharbor" type={type} />;

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
        return "Take a Building card from the display";
      case PENDING.person:
        return "Take a Person card from the display";
      case PENDING.flip:
        return `Flip up to ${v.pending.n} ${COLOURS[v.pending.colour] ?? ""} dice, or stop`;
      case PENDING.crane:
        return "Port Crane: move a die to an empty slot";
      case PENDING.lighthouse:
        return "Lighthouse: keep or discard the Pirate card you saw";
    }
  }
  if (v.phase === "voyage") {
    if (v.voyStage === VOYAGE_STAGE.corsair) return `Pirates ahead on segment ${v.voySeg + 1}`;
    if (v.voyStage === VOYAGE_STAGE.window) return `Your ship meets the pirates of segment ${v.voySeg + 1}`;
    return `Your ship won on segment ${v.voySeg + 1}: trade here or sail on`;
  }
  return "Your choice";
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
  const waitingOn = v.actor >= 0 ? (v.actor === v.n && v.automa ? "the Automa" : (v.names[v.actor] ?? "another player")) : "the table";
  if (legal.length === 0) {
    return (
      <section class="panel gh-action" aria-labelledby="gh-act-h" data-testid="gh-action" data-version={version} data-mine="0">
        <h2 id="gh-act-h">Waiting</h2>
        <p class="hint" data-testid="waiting">
          {v.phase === "over" ? "The game is over." : `Waiting for ${waitingOn}…`}
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
        <span class="gh-pick-take">Take </span>
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
        {drafts.length ? "Draft a die" : prompts.length ? promptTitle(v) : v.phase === "final_convert" ? "Last conversions" : "Your action"}
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
                aria-label={`${moveLabel(m, v)}${bonus >= 0 ? `, bringing 1 ${RESOURCES[bonus]}` : ""}`}
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
              ? "1. Choose a marked die on the Harbor to move it"
              : `2. Choose a marked empty slot for the ${dieName(v, v.slots[craneChoice.from] ?? 0)} on ${slotName(v, craneChoice.from)} (choose it again for another die)`}
          </p>
          {craneReady ? btn(craneReady, "btn-primary") : null}
        </div>
      ) : null}

      {myDice.length ? (
        <div class="gh-place" data-testid="gh-place">
          <p class="gh-step">1. Choose a die to place</p>
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
              <p class="gh-step">2. Choose a marked slot on the Harbor{slotsFor(legal, choice.die).includes(DISTRICT) ? ", or the District" : ""}</p>
              {slotsFor(legal, choice.die).includes(DISTRICT) ? (
                <button
                  type="button"
                  class={choice.slot === DISTRICT ? "gh-chosen" : ""}
                  aria-pressed={choice.slot === DISTRICT}
                  onClick={() => setChoice({ die: choice.die, slot: DISTRICT, split: 0 })}
                  data-testid="to-district"
                >
                  <Icon name="smuggler" size={20} label={false} /> Smuggler's District
                </button>
              ) : null}
            </>
          ) : null}
          {choice.die !== null && choice.slot !== null && choice.slot !== DISTRICT ? (
            <div class="gh-splits" role="radiogroup" aria-label={`How the ${dieName(v, choice.die)} splits on ${slotName(v, choice.slot)}`}>
              <p class="gh-step">
                3. Split its {diePips(v, choice.die, choice.slot)} pip{diePips(v, choice.die, choice.slot) === 1 ? "" : "s"} ({slotName(v, choice.slot)})
              </p>
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
                  {o.shares.every((s) => s.tier === 0) ? <span class="gh-share">No benefit: the die only takes the slot</span> : null}
                  {o.shares
                    .filter((s) => s.tier > 0 || s.pips > 0)
                    .map((s) => (
                      <span key={s.cell} class="gh-share">
                        <strong>{tileTitle(v, s.cell)}</strong> {s.pips + s.extra} pip{s.pips + s.extra === 1 ? "" : "s"}
                        {s.fee > 0 ? (
                          s.waived ? (
                            <span class="gh-fee-note"> fee {s.fee} ignored (token)</span>
                          ) : (
                            <span class="gh-fee-note"> − fee {s.fee}</span>
                          )
                        ) : null}
                        {" → "}
                        {s.tier > 0 && s.gain ? (
                          <>
                            tier {"I".repeat(s.tier)} <GainIcons gain={s.gain} colourRes={v.bonusTile[v.dice[choice.die!]?.colour ?? 0]} />
                          </>
                        ) : (
                          <span class="hint">nothing</span>
                        )}
                      </span>
                    ))}
                  {o.unused > 0 && o.shares.some((s) => s.tier > 0) ? (
                    <span class="gh-share hint">
                      {o.unused} pip{o.unused === 1 ? "" : "s"} unused
                    </span>
                  ) : null}
                  {o.tokens ? <Amount n={-o.tokens} icon="smuggler" label="Smuggler tokens spent" /> : null}
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
              Place the {dieName(v, choice.die)} {choice.slot === DISTRICT ? "in the Smuggler's District" : "here"}
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
      {me_ && v.phase === "action" ? (
        <p class="gh-small">
          You hold {me_.smuggler} Smuggler token{me_.smuggler === 1 ? "" : "s"} and {me_.favor} Favor.
        </p>
      ) : null}
    </section>
  );
}
