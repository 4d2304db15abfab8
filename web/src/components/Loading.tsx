import { t } from "../i18n/i18n";

/**
 * LoadingGame is what a game's screen shows before it can draw the game: while
 * the game's own code loads, and on a player's screen before the first state.
 * On a TV it takes the TV's waiting look.
 */
export function LoadingGame({ tv = false }: { tv?: boolean }) {
  return <p class={tv ? "tv-wait" : "page"}>{t("loading.game")}</p>;
}
