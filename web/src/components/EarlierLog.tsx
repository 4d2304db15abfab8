import { useEffect } from "preact/hooks";
import type { TableStore } from "../state";
import { t } from "../i18n/i18n";

/**
 * EarlierLog offers the part of a long game's log that this page has not
 * loaded yet (a page that connects mid-game gets the last moves only). A log
 * panel that scrolls through everything shows a button; one that shows its
 * last `shows` lines instead asks by itself while the page holds fewer, so a
 * reloaded page shows as much as one that stayed.
 */
export function EarlierLog({ store, shows }: { store: TableStore; shows?: number }) {
  const { logComplete, log, logFrom } = store.data.value;
  useEffect(() => {
    if (shows !== undefined) store.fillLog(shows);
  }, [store, shows, logComplete, log.length, logFrom]);
  if (shows !== undefined || logComplete || log.length === 0) return null;
  return (
    <button type="button" class="btn-small btn-quiet" onClick={() => store.earlier()} data-testid="log-earlier">
      {t("frame.earlier")}
    </button>
  );
}
