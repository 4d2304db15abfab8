import type { TableStore } from "../state";

/** AwayBanner tells a player that a computer player stands in for them (turn timer), with a way back. */
export function AwayBanner({ store }: { store: TableStore }) {
  return (
    <div class="banner banner-warn" role="status">
      A computer player is moving for you while you were away.
      <button type="button" class="btn-small" onClick={() => store.back()}>
        Take my seat back
      </button>
    </div>
  );
}
