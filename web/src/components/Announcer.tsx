import type { Said } from "./announce";

/**
 * Announcer is the play frame's two live regions, unseen: the polite one
 * says the moves, the assertive one "Your turn". Each announcement is a new
 * paragraph (keyed by its count), so the same words said twice are heard twice.
 */
export function Announcer({ said }: { said: Said }) {
  return (
    <div class="sr-only">
      <div aria-live="polite" aria-relevant="additions text" data-testid="announce-polite">
        {said.polite.n ? <p key={said.polite.n}>{said.polite.text}</p> : null}
      </div>
      <div aria-live="assertive" aria-relevant="additions text" data-testid="announce-assertive">
        {said.assertive.n ? <p key={said.assertive.n}>{said.assertive.text}</p> : null}
      </div>
    </div>
  );
}
