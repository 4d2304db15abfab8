import { useEffect, useState } from "preact/hooks";
import { contentFor, loadRules } from "../catalog";

function RulesText({ file }: { file: string }) {
  const [text, setText] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    loadRules(file).then(setText, () => setFailed(true));
  }, [file]);
  if (failed) return <p>The rulebook could not be loaded.</p>;
  if (text === null) return <p>Loading the rules…</p>;
  return <div class="rulebook" tabIndex={0} role="region" aria-label="Rulebook">{text.split(/\n{2,}/).map((p, i) => <p key={i}>{p}</p>)}</div>;
}

export function FullRules({ files }: { files: string[] }) {
  const [open, setOpen] = useState(false);
  if (files.length === 0) return null;
  return (
    <details onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}>
      <summary>Full rules</summary>
      {open ? files.map((f) => <RulesText key={f} file={f} />) : null}
    </details>
  );
}

/** HowTo is a game's "how to play" and full rules, folded, for the table page. */
export function HowTo({ game }: { game: string }) {
  const c = contentFor(game);
  if (c.howTo.length === 0 && c.rules.length === 0) return null;
  return (
    <section class="panel howto-panel">
      <details>
        <summary>How to play</summary>
        <ol class="howto">
          {c.howTo.map((l) => (
            <li key={l}>{l}</li>
          ))}
        </ol>
        <FullRules files={c.rules} />
      </details>
    </section>
  );
}
