import type { TableStore } from "../state";

/** EarlierLog offers the part of a long game's log that this page has not loaded yet. */
export function EarlierLog({ store }: { store: TableStore }) {
  const { logComplete, log } = store.data.value;
  if (logComplete || log.length === 0) return null;
  return (
    <button type="button" class="btn-small btn-quiet" onClick={() => store.earlier()} data-testid="log-earlier">
      Show earlier moves
    </button>
  );
}
