// Neko Harbour cards on screen: icons, the small card (a button that opens
// the large card), and the large card with its full text.

import type { ComponentChildren } from "preact";
import { CardDialog } from "../../components/CardDialog";
import { t } from "../../i18n/i18n";
import { CARDS, cardName, fullEffect, iconWord, KIND_MARKS, playRule, shortEffect, timing, timingRule } from "./cards";

const ICON_GLYPHS: Record<string, string> = { fish: "∝", goods: "▣", licence: "✎", penguin: "♠", captain: "⚑", vp: "★", coin: "●", fuel: "▲" };

/** Icon is a resource icon: a glyph in a colored chip, with its word for screen readers. */
export function Icon({ name }: { name: string }) {
  return (
    <span class={`nk-ic nk-ic-${name}`} title={iconWord(name)}>
      <span aria-hidden="true">{ICON_GLYPHS[name] ?? "?"}</span>
      <span class="sr-only">{iconWord(name)}</span>
    </span>
  );
}

/** Rich draws text with {icon} marks as icons. */
export function Rich({ text }: { text: string }) {
  const parts = text.split(/(\{\w+\})/);
  return <>{parts.map((p, i) => (/^\{\w+\}$/.test(p) ? <Icon key={i} name={p.slice(1, -1)} /> : p))}</>;
}

const Dots = ({ n }: { n: number }) =>
  n > 0 ? (
    <span class="nk-dots" aria-hidden="true">
      {"●".repeat(n)}
    </span>
  ) : null;

/** CardFace is what a card shows: kind mark and name, timing, short effect, hub, dots. */
export function CardFace({ n }: { n: number }) {
  const c = CARDS[n];
  if (!c) return <span>?</span>;
  return (
    <>
      <span class="nk-card-head">
        <span class="nk-mark" aria-hidden="true">
          {KIND_MARKS[c.kind]}
        </span>
        <span class="nk-card-name">{cardName(n)}</span>
      </span>
      <span class="nk-timing">{timing(n)}</span>
      <span class="nk-effect">
        <Rich text={shortEffect(n)} />
      </span>
      <span class="nk-card-foot">
        <span class="nk-hub">{t("neko.card.hub", { n: c.hub })}</span>
        <Dots n={c.dots} />
        <span class="nk-id">{c.id}</span>
      </span>
    </>
  );
}

/** Card is a small card; a tap or Enter opens it large. */
export function Card({ n, onOpen, extra, selected }: { n: number; onOpen: (n: number) => void; extra?: string; selected?: boolean }) {
  const c = CARDS[n];
  return (
    <button
      type="button"
      class={`nk-card nk-kind-${c?.kind ?? "x"} ${selected ? "nk-selected" : ""}`}
      onClick={(e) => {
        // Safari leaves the focus where it was on a click; the card takes it, so closing the large card gives it back.
        e.currentTarget.focus();
        onOpen(n);
      }}
      data-card={n}
    >
      <CardFace n={n} />
      <span class="sr-only">
        {c ? t("neko.card.srPeriod", { period: c.period, dots: c.dots > 0 ? t("neko.cardLabel.dots", { n: c.dots }) : "" }) : ""}
        {extra ? `; ${extra}` : ""}
        {t("neko.card.open")}
      </span>
    </button>
  );
}

/** CardLarge is a card large with its full text, and the actions it offers now. */
export function CardLarge({ n, onClose, children }: { n: number; onClose: () => void; children?: ComponentChildren }) {
  const c = CARDS[n];
  if (!c) return null;
  return (
    <CardDialog
      title={
        <>
          <span class="nk-mark" aria-hidden="true">
            {KIND_MARKS[c.kind]}
          </span>{" "}
          {cardName(n)} <small>{c.id}</small>
        </>
      }
      class={`nk-big nk-kind-${c.kind}`}
      actions={children}
      onClose={onClose}
    >
      <p class="nk-timing">
        {timing(n)} · {t("neko.card.period", { n: c.period })}
        {c.module ? ` · ${t(c.module === "boats" ? "neko.card.moduleBoats" : "neko.card.moduleExtra")}` : ""}
      </p>
      <p class="nk-effect-big">
        <Rich text={shortEffect(n)} />
      </p>
      <p data-testid="card-rule">{fullEffect(n)}</p>
      <p class="nk-rule-line">
        <strong>{timing(n)}:</strong> {timingRule(n)}
      </p>
      <p class="nk-rule-line">{playRule(n)}</p>
      <dl class="facts">
        <dt>{t("neko.card.hubValue")}</dt>
        <dd>{c.hub}</dd>
        <dt>{t("neko.card.dots")}</dt>
        <dd>{c.dots > 0 ? t("neko.card.dotsText", { n: c.dots }) : t("neko.card.noDots")}</dd>
      </dl>
    </CardDialog>
  );
}
