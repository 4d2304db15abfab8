// The Great Harbor's icon legend for its rules reference (components/IconLegend),
// drawn with the icons of the game's own screens. Its words are read when
// the legend is drawn, so they follow the reader's language.

import type { LegendEntry } from "../../components/IconLegend";
import { t } from "../../i18n/i18n";
import "./greatharbor.css";
import { COLOURS } from "./content";
import { COLOUR_MARKS, DieChip, Icon, type IconName } from "./icons";

/** entry is a legend line whose name and words are looked up when read. */
const entry = (drawn: LegendEntry["icon"], name: () => string, words: () => string): LegendEntry => ({
  icon: drawn,
  get name() {
    return name();
  },
  get words() {
    return words();
  },
});

/** icon is the line of an icon: its name, and what it means under words (an id of "greatharbor.ui.legend.<words>"). */
const icon = (name: IconName, words: string) =>
  entry(
    <Icon name={name} size={30} label={false} />,
    () => t(`greatharbor.ui.legend.name.${name}`),
    () => t(`greatharbor.ui.legend.${words}`),
  );

export const legend: LegendEntry[] = [
  ...(["planks", "rope", "metal", "sails"] as const).map((r) => icon(r, "basic")),
  ...(["wine", "dyes", "marble", "amphorae"] as const).map((l) => icon(l, "lux")),
  ...(["luxury", "coins", "prestige", "favor", "colonist", "smuggler", "ship", "person", "building", "card", "die", "pirate", "shop", "anchor"] as const).map(
    (n) => icon(n, n),
  ),
  ...COLOURS.map((c, i) =>
    entry(
      <DieChip colour={i} face={3} size={34} />,
      () => t("greatharbor.ui.legend.die_name", { colour: t(`greatharbor.ui.color.${c}`), mark: COLOUR_MARKS[i]! }),
      () => t("greatharbor.ui.legend.die_words", { colour: t(`greatharbor.color.${c}`), mark: COLOUR_MARKS[i]! }),
    ),
  ),
];
