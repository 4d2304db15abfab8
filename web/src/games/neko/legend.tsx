// Neko Harbour's icon legend for its rules reference (components/IconLegend),
// drawn with the icons and marks of the game's own screens.

import type { LegendEntry } from "../../components/IconLegend";
import "./neko.css";
import { type MessageId, t } from "../../i18n/i18n";
import { Icon } from "./Cards";
import { KIND_MARKS, kindName } from "./cards";

/**
 * entry is a legend line whose name and words are read from the catalog
 * each time they are shown, so the legend follows a change of language.
 */
const entry = (icon: LegendEntry["icon"], name: () => string, words: () => string): LegendEntry => ({
  icon,
  get name() {
    return name();
  },
  get words() {
    return words();
  },
});

/** GhostMark is the ghost ship's word on its token, read as it is drawn. */
const GhostMark = () => <span>{t("neko.ghostMark")}</span>;

const res = (k: string): LegendEntry =>
  entry(
    <Icon name={k} />,
    () => t(`neko.legend.${k}` as MessageId),
    () => t(`neko.legend.${k}.words` as MessageId),
  );

export const legend: LegendEntry[] = [
  ...["fish", "goods", "licence", "penguin", "captain", "vp", "coin", "fuel"].map(res),
  ...Object.keys(KIND_MARKS).map((k) =>
    entry(
      <span class="nk-mark" style={{ fontSize: "1.4rem" }}>
        {KIND_MARKS[k]}
      </span>,
      () => kindName(k),
      () => t("neko.legend.kind", { words: t(`neko.legend.kind.${k}` as MessageId) }),
    ),
  ),
  entry(
    <span style={{ fontSize: "1.4rem" }}>⚓</span>,
    () => t("neko.legend.harbour"),
    () => t("neko.legend.harbour.words"),
  ),
  entry(
    <span class="nk-tv-hub">3</span>,
    () => t("neko.card.hubValue"),
    () => t("neko.legend.hub.words"),
  ),
  entry(
    <span class="nk-ship">
      <span>⎈</span> <span>L2</span>
    </span>,
    () => t("neko.legend.ship"),
    () => t("neko.legend.ship.words"),
  ),
  entry(
    <span class="nk-ship nk-ghost">
      <span>☁</span> <GhostMark />
    </span>,
    () => t("neko.ghostShipName"),
    () => t("neko.legend.ghost.words"),
  ),
  entry(
    <span class="nk-dots">●●</span>,
    () => t("neko.card.dots"),
    () => t("neko.legend.dots.words"),
  ),
];
