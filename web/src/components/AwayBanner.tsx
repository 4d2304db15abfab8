import type { TableStore } from "../state";
import { t } from "../i18n/i18n";

/** AwayBanner tells a player that a computer player stands in for them (turn timer), with a way back. */
export function AwayBanner({ store }: { store: TableStore }) {
  return (
    <div class="banner banner-warn" role="status">
      {t("frame.away")}
      <button type="button" class="btn-small" onClick={() => store.back()}>
        {t("seats.takeBack")}
      </button>
    </div>
  );
}
