// The position in a few lines of text, on request: one disclosure in the
// play frame that every game fills with its own lines (scores, what each
// player holds), under the turn line. It is for anyone who cannot take in
// the board at a glance, a screen reader's user first: the lines are plain
// text in a list, read in order, and worked out only while it is open.

import { useState } from "preact/hooks";
import { t } from "../i18n/i18n";

export function PositionSummary({ turnLine, lines }: { turnLine: string; lines: () => string[] }) {
  const [open, setOpen] = useState(false);
  return (
    <section class="panel summary-panel" data-testid="position-summary">
      <details onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}>
        <summary>{t("frame.summary")}</summary>
        {open ? (
          <ul class="summary-lines">
            {[turnLine, ...lines()].map((l, i) => (
              <li key={i}>{l}</li>
            ))}
          </ul>
        ) : null}
      </details>
    </section>
  );
}
