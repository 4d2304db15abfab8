// The Govern actions, picked in short steps instead of one long list: a kind
// (Favor, People, Buildings, Colony, Ships, Coins, Shops), then, where a kind
// offers many moves, the card, dock, structure or way of paying, then the
// move. A Shop is placed on the Harbor itself: the person taps a numbered
// corner, and this lists the Shops that corner allows, by tile.

import type { JSX } from "preact";
import { useState } from "preact/hooks";
import { MoveLine } from "../../components/Rules";
import { t } from "../../i18n/i18n";
import type { Move } from "../../protocol";
import { SITES, slotSide } from "./geometry";
import { governSubjects, tileTitle } from "./moves";
import type { GreatHarborView } from "./view";

const int = (x: unknown) => (typeof x === "number" ? x : 0);

/** A kind lists its moves at once when it has at most this many; past it, the thing they act on is picked first. */
export const SHORT_LIST = 8;

const typesOf = (moves: Move[]) => [...new Set(moves.map((m) => m.type))].join(" ");

/** Line is the rules reference's line for moves all of one type, beside them. */
const Line = ({ moves }: { moves: Move[] }) => {
  const types = typesOf(moves);
  return types && !types.includes(" ") ? <MoveLine game="greatharbor" type={types} /> : null;
};

export interface GovernProps {
  v: GreatHarborView;
  groups: { kind: string; title: string; moves: Move[] }[];
  /** btn draws a move's button */
  btn: (m: Move, cls?: string) => JSX.Element;
  /** the corner picked on the Harbor, or null */
  corner: number | null;
  setCorner: (vertex: number | null) => void;
  /** open the list at first (no die waits to be placed) */
  open: boolean;
}

/** GovernPicker offers the Govern actions kind first; see the file's comment. It keeps which kind and thing are open. */
export function GovernPicker(props: GovernProps) {
  const [kind, setKind] = useState<string | null>(null);
  const [subject, setSubject] = useState<string | null>(null);
  return <GovernSteps {...props} kind={kind} setKind={setKind} subject={subject} setSubject={setSubject} />;
}

export interface GovernStepsProps extends GovernProps {
  kind: string | null;
  setKind: (k: string | null) => void;
  subject: string | null;
  setSubject: (s: string | null) => void;
}

/** GovernSteps draws the steps for the kind and thing open (a corner picked on the Harbor opens Shops). */
export function GovernSteps({ v, groups, btn, corner, setCorner, open, kind, setKind, subject, setSubject }: GovernStepsProps) {
  const shown = corner !== null ? t("greatharbor.ui.group.shops") : kind;
  const group = groups.find((g) => g.title === shown);
  const total = groups.reduce((k, g) => k + g.moves.length, 0);
  return (
    <details class="gh-govern" data-testid="gh-govern" open={open || corner !== null}>
      <summary>{t("greatharbor.ui.govern.title", { n: total })}</summary>
      <div class="gh-choices gh-govern-kinds" role="group" aria-label={t("greatharbor.ui.govern.kinds")}>
        {groups.map((g) => (
          <button
            key={g.kind}
            type="button"
            class="btn-small"
            aria-pressed={g.title === shown}
            data-kind={g.title}
            data-types={typesOf(g.moves)}
            onClick={() => {
              setKind(g.title === shown ? null : g.title);
              setSubject(null);
              setCorner(null);
            }}
          >
            {t("greatharbor.ui.govern.count", { title: g.title, n: g.moves.length })}
          </button>
        ))}
      </div>
      {!group ? (
        <p class="hint">{t("greatharbor.ui.govern.choose_kind")}</p>
      ) : group.kind === "shops" ? (
        <ShopPick v={v} moves={group.moves} btn={btn} corner={corner} setCorner={setCorner} />
      ) : (
        <GovernKind v={v} moves={group.moves} btn={btn} subject={subject} setSubject={setSubject} />
      )}
    </details>
  );
}

export function GovernKind({
  v,
  moves,
  btn,
  subject,
  setSubject,
}: {
  v: GreatHarborView;
  moves: Move[];
  btn: GovernProps["btn"];
  subject: string | null;
  setSubject: (s: string | null) => void;
}) {
  const subjects = governSubjects(moves, v);
  if (moves.length <= SHORT_LIST || subjects.length === 1) {
    return (
      <>
        <Line moves={moves} />
        <div class="gh-choices gh-govern-list">{moves.map((m) => btn(m, "btn-small"))}</div>
      </>
    );
  }
  const open = subjects.find((s) => s.key === subject);
  return (
    <>
      <div class="gh-choices gh-govern-list gh-govern-subjects" role="group" aria-label={t("greatharbor.ui.govern.subjects")}>
        {subjects.map((s) =>
          s.moves.length === 1 ? (
            btn(s.moves[0]!, "btn-small")
          ) : (
            <button
              key={s.key}
              type="button"
              class="btn-small"
              aria-pressed={s.key === subject}
              data-subject={s.key}
              data-types={typesOf(s.moves)}
              onClick={() => setSubject(s.key === subject ? null : s.key)}
            >
              {t("greatharbor.ui.govern.count", { title: s.title, n: s.moves.length })}
            </button>
          ),
        )}
      </div>
      {open ? (
        <div class="gh-govern-group" data-testid="gh-govern-subject">
          <h3>{open.title}</h3>
          <Line moves={open.moves} />
          <div class="gh-choices gh-govern-list">{open.moves.map((m) => btn(m, "btn-small"))}</div>
        </div>
      ) : null}
    </>
  );
}

/** ShopPick asks for a corner on the Harbor, then lists that corner's Shops by the tile whose corner each takes. */
export function ShopPick({
  v,
  moves,
  btn,
  corner,
  setCorner,
}: {
  v: GreatHarborView;
  moves: Move[];
  btn: GovernProps["btn"];
  corner: number | null;
  setCorner: (vertex: number | null) => void;
}) {
  if (corner === null) {
    return (
      <p class="gh-step" data-testid="gh-shop-hint">
        {t("greatharbor.ui.govern.shop_hint")}
      </p>
    );
  }
  const here = moves.filter((m) => SITES[int(m.site)]?.vertex === corner);
  const sites = [...new Set(here.map((m) => int(m.site)))];
  return (
    <div class="gh-shop-pick" data-testid="gh-shop-pick">
      <p class="gh-step">{t("greatharbor.ui.govern.shop_corner", { n: corner + 1 })}</p>
      <Line moves={here} />
      {sites.map((site) => {
        const s = SITES[site]!;
        return (
          <div key={site} class="gh-govern-group">
            <h3>{t("greatharbor.ui.govern.shop_by", { tile: tileTitle(v, s.cell), a: slotSide(s.slots[0], s.cell), b: slotSide(s.slots[1], s.cell) })}</h3>
            <div class="gh-choices gh-govern-list">{here.filter((m) => int(m.site) === site).map((m) => btn(m, "btn-small"))}</div>
          </div>
        );
      })}
      <button type="button" class="btn-small" onClick={() => setCorner(null)}>
        {t("greatharbor.ui.govern.another_corner")}
      </button>
    </div>
  );
}
