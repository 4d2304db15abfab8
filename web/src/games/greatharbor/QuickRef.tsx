// The in-game quick reference for dice and harbor actions, in Harbor's own
// words, with the game's icons. QuickReference is the sheet itself, usable by
// any screen (the rules help links to it); QuickRefButton opens it in a
// dialog one tap away from play.

import type { ComponentChildren } from "preact";
import { useRef } from "preact/hooks";
import { t, tr } from "../../i18n/i18n";
import { SMUGGLER_CHART, TILES } from "./content";
import { COLOUR_MARKS, DieChip, GainIcons, Icon, type IconName } from "./icons";
import { colourName, gainText, nameWord } from "./words";

/** ICON_NAMES are the icons the sheet lists, each with the legend's name for it. */
const ICON_NAMES = [
  "planks",
  "rope",
  "metal",
  "sails",
  "wine",
  "dyes",
  "marble",
  "amphorae",
  "coins",
  "prestige",
  "favor",
  "colonist",
  "smuggler",
  "ship",
  "person",
  "building",
  "pirate",
  "shop",
  "anchor",
] as const;

/** withIcon draws an icon before the words of a marked part of a message. */
const withIcon = (name: IconName) => (words: ComponentChildren[]) => (
  <>
    <Icon name={name} size={18} /> {words}
  </>
);

const q = (id: string) => t(`greatharbor.ui.ref.${id}`);

/** QuickReference is the sheet: turn structure, drafting and order, placing and fees, benefits, the Smuggler's chart. */
export function QuickReference() {
  return (
    <div class="gh-ref" data-testid="gh-quickref">
      <section>
        <h3>{q("round_h")}</h3>
        <p>{q("round")}</p>
      </section>
      <section>
        <h3>{q("draft_h")}</h3>
        <p>{tr("greatharbor.ui.ref.draft", { anchor: withIcon("anchor") })}</p>
        <p>{q("bonus")}</p>
      </section>
      <section>
        <h3>{q("order_h")}</h3>
        <p>{q("order")}</p>
      </section>
      <section>
        <h3>{q("place_h")}</h3>
        <p>{t("greatharbor.ui.ref.place", { colours: COLOUR_MARKS.map((m, i) => `${m} ${colourName(i)}`).join(", ") })}</p>
        <h4>{q("fees_h")}</h4>
        <p>{tr("greatharbor.ui.ref.fees", { smuggler: withIcon("smuggler"), favor: withIcon("favor") })}</p>
      </section>
      <section>
        <h3>{q("tiles_h")}</h3>
        <div class="gh-table-wrap" tabIndex={0} role="region" aria-label={q("tiles_region")}>
          <table class="gh-ref-table">
            <thead>
              <tr>
                <th scope="col">{q("tile")}</th>
                <th scope="col">{q("tier1")}</th>
                <th scope="col">{q("tier2")}</th>
                <th scope="col">{q("tier3")}</th>
              </tr>
            </thead>
            <tbody>
              {TILES.map((tile) => (
                <tr key={tile.id}>
                  <th scope="row">{nameWord("tile", tile.name)}</th>
                  {tile.tiers.map((g, i) => (
                    <td key={i} aria-label={gainText(g)}>
                      <GainIcons gain={g} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p>{tr("greatharbor.ui.ref.limits", { prestige: withIcon("prestige") })}</p>
      </section>
      <section>
        <h3>{q("district_h")}</h3>
        <p>{q("district")}</p>
        <ol class="gh-chart">
          {SMUGGLER_CHART.map((g, i) => (
            <li key={i}>
              <DieChip colour={3} face={i + 1} size={24} label={t("greatharbor.ui.smuggler_die", { n: i + 1 })} /> <GainIcons gain={g} />
            </li>
          ))}
        </ol>
      </section>
      <section>
        <h3>{q("icons_h")}</h3>
        <ul class="gh-legend">
          {ICON_NAMES.map((n) => (
            <li key={n}>
              <Icon name={n} size={22} label={false} /> {t(`greatharbor.ui.legend.name.${n}`)}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

/** QuickRefButton opens the quick reference in a modal dialog; Escape or the button closes it. On a phone's header it shows a "?" only (its name stays). */
export function QuickRefButton({ class: cls = "" }: { class?: string }) {
  const dlg = useRef<HTMLDialogElement>(null);
  return (
    <>
      <button type="button" class={`btn-small gh-ref-open ${cls}`} onClick={() => dlg.current?.showModal()} data-testid="gh-ref-open">
        <span class="phone-sr-only">{q("open")}</span>
        <span class="gh-ref-mark" aria-hidden="true">
          ?
        </span>
      </button>
      <dialog ref={dlg} class="gh-ref-dialog" aria-labelledby="gh-ref-h">
        <div class="gh-ref-head">
          <h2 id="gh-ref-h">{q("title")}</h2>
          <button type="button" class="btn-small" onClick={() => dlg.current?.close()} data-testid="gh-ref-close">
            {q("close")}
          </button>
        </div>
        <QuickReference />
      </dialog>
    </>
  );
}
