// The rules help every game screen shares: the "how to play" panel, the rules
// reference (a dialog opened by a topic link, #rules/<topic>), a link from an
// engine's rule id to its topic, and the line saying what a move will do.
// Content comes from rules/reference.ts, loaded on demand per game.

import { signal } from "@preact/signals";
import { createContext } from "preact";
import { useContext, useEffect, useLayoutEffect, useRef, useState } from "preact/hooks";
import { Icon } from "../content/icons";
import { t } from "../i18n/i18n";
import { keepTabInside } from "./CardDialog";
import { IconLegend } from "./IconLegend";
import {
  fillOptions,
  groups,
  moveLine,
  parseTopicHash,
  searchTopics,
  topicById,
  topicForRule,
  topicHref,
  wantReference,
  type Block,
  type Options,
  type Reference,
  type Topic,
} from "../rules/reference";

/** The open topic: null when the reference is closed, "" at its start. */
export const openTopic = signal<string | null>(parseTopicHash(globalThis.location?.hash ?? ""));
/** the control that opened the reference, given the focus back when it closes */
let opener: HTMLElement | null = null;
globalThis.addEventListener?.("hashchange", () => {
  const next = parseTopicHash(location.hash);
  if (openTopic.value === null && next !== null && document.activeElement instanceof HTMLElement) opener = document.activeElement;
  openTopic.value = next;
});

/** closeReference closes the reference, takes its link out of the address and gives the focus back. */
export function closeReference() {
  history.replaceState(history.state, "", location.pathname + location.search);
  // Close the modal dialog first: while it is open the page behind it cannot take the focus.
  const d = document.querySelector<HTMLDialogElement>("dialog.reference-backdrop");
  if (d?.open && typeof d.close === "function") d.close();
  openTopic.value = null;
  if (opener?.isConnected) opener.focus();
  opener = null;
}

/** TableOptions are the rules options of the table the rules help is shown at, which its texts follow. */
const TableOptions = createContext<Options | undefined>(undefined);

/**
 * RichText renders text with :icon: names drawn as icons; an icon and its count (":rope: ×2") stay on one line.
 * Option marks ({roundLimit|20}) show the table's value.
 */
export function RichText({ text }: { text: string }) {
  const parts = fillOptions(text, useContext(TableOptions)).split(/:([a-z]+):( ×\d+)?/);
  const out: preact.ComponentChildren[] = [];
  for (let i = 0; i < parts.length; i += 3) {
    if (parts[i]) out.push(parts[i]);
    const icon = parts[i + 1];
    if (icon)
      out.push(
        <span key={i} class="icon-count">
          <Icon name={icon} />
          {parts[i + 2] ?? ""}
        </span>,
      );
  }
  return <>{out}</>;
}

function BlockView({ block, game }: { block: Block; game: string }) {
  if (typeof block === "string")
    return (
      <p>
        <RichText text={block} />
      </p>
    );
  if ("list" in block)
    return (
      <ul>
        {block.list.map((l) => (
          <li key={l}>
            <RichText text={l} />
          </li>
        ))}
      </ul>
    );
  if ("legend" in block) return <IconLegend game={game} />;
  if ("icons" in block)
    return (
      <ul class="icon-key" aria-label={t("rules.icons")}>
        {block.icons.map((n) => (
          <li key={n}>
            <Icon name={n} size={28} /> <span aria-hidden="true">{n}</span>
          </li>
        ))}
      </ul>
    );
  const [head, ...rows] = block.table;
  return (
    <div class="table-scroll">
      <table class="rule-table">
        {head ? (
          <thead>
            <tr>
              {head.map((c) => (
                <th key={c} scope="col">
                  <RichText text={c} />
                </th>
              ))}
            </tr>
          </thead>
        ) : null}
        <tbody>
          {rows.map((r, i) => (
            <tr key={i}>
              {r.map((c, j) =>
                j === 0 ? (
                  <th key={j} scope="row">
                    <RichText text={c} />
                  </th>
                ) : (
                  <td key={j}>
                    <RichText text={c} />
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function TopicView({ topic, game }: { topic: Topic; game: string }) {
  return (
    <article class="topic" data-topic={topic.id}>
      <h3 id={`topic-${topic.id}`} tabIndex={-1}>
        {topic.title}
      </h3>
      {topic.body.map((b, i) => (
        <BlockView key={i} block={b} game={game} />
      ))}
    </article>
  );
}

/** HowToPlay is a game's one-screen summary: the goal, a turn, the end. */
export function HowToPlay({ ref }: { ref: Reference }) {
  return (
    <div class="howto" data-testid="how-to-play">
      <p>
        <strong>{t("rules.goal")}</strong> <RichText text={ref.howTo.goal} />
      </p>
      <p>
        <strong>{t("rules.turn")}</strong>
      </p>
      <ol>
        {ref.howTo.turn.map((l) => (
          <li key={l}>
            <RichText text={l} />
          </li>
        ))}
      </ol>
      <p>
        <strong>{t("rules.end")}</strong> <RichText text={ref.howTo.end} />
      </p>
    </div>
  );
}

/** ReferenceDialog is the searchable rules reference, over the page, while a topic link is open. */
export function ReferenceDialog({ game }: { game: string }) {
  const at = openTopic.value;
  const ref = at === null ? undefined : wantReference(game);
  const [query, setQuery] = useState("");
  const heading = useRef<HTMLHeadingElement>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const shown = at !== null;
  // A layout effect, so the reference is modal (the page behind it out of reach) from the moment it shows.
  useLayoutEffect(() => {
    const d = dialog.current;
    if (!shown || !d || d.open) return;
    if (typeof d.showModal === "function") d.showModal();
    else d.setAttribute("open", "");
  }, [shown]);
  useEffect(() => {
    if (at === null) return;
    const target = at ? document.getElementById(`topic-${at}`) : heading.current;
    target?.focus();
  }, [at, ref !== undefined]);
  if (at === null) return null;
  const topic = ref && at ? topicById(ref, at) : undefined;
  const found = ref ? searchTopics(ref, query) : [];
  return (
    <dialog
      ref={dialog}
      class="reference-backdrop"
      aria-labelledby="reference-h"
      onCancel={(e) => {
        e.preventDefault();
        closeReference();
      }}
      onKeyDown={(e) => {
        if (e.key === "Escape") {
          e.preventDefault();
          closeReference();
        } else if (dialog.current) keepTabInside(e, dialog.current);
      }}
    >
      <section class="reference" data-testid="rules-reference">
        <header class="reference-head">
          <h2 id="reference-h" ref={heading} tabIndex={-1}>
            {ref ? t("rules.titleOf", { game: ref.name }) : t("rules.title")}
          </h2>
          <button type="button" class="btn-small" onClick={closeReference} aria-label={t("rules.close")}>
            ✕
          </button>
        </header>
        {!ref ? (
          <p>{t("rules.loadingRules")}</p>
        ) : topic ? (
          <>
            <a href={topicHref()} class="back-link">
              {t("rules.allTopics")}
            </a>
            <TopicView topic={topic} game={game} />
          </>
        ) : (
          <>
            {at ? <p class="hint">{t("rules.noTopic", { topic: at })}</p> : null}
            <label class="reference-search">
              <span>{t("rules.search")}</span>
              <input
                type="search"
                value={query}
                onInput={(e) => setQuery(e.currentTarget.value)}
                placeholder={t("rules.searchExample", { hint: ref.searchHint })}
                data-testid="rules-search"
              />
            </label>
            {query ? null : (
              <details class="howto-box">
                <summary>{t("rules.howToPlay")}</summary>
                <HowToPlay ref={ref} />
              </details>
            )}
            {found.length === 0 ? <p class="hint">{t("rules.noMatch", { query })}</p> : null}
            {groups(found).map((g) => (
              <nav key={g.name} aria-label={g.name} class="topic-group">
                <h3>{g.name}</h3>
                <ul>
                  {g.topics.map((t) => (
                    <li key={t.id}>
                      <a href={topicHref(t.id)}>{t.title}</a>
                    </li>
                  ))}
                </ul>
              </nav>
            ))}
          </>
        )}
      </section>
    </dialog>
  );
}

/**
 * HowTo is the rules panel of a table page or play screen: "how to play" at a tap, the reference a tap further.
 * Their texts follow the table's options (none on the home page: the defaults).
 */
export function HowTo({ game, options }: { game: string; options?: Options }) {
  const [open, setOpen] = useState(false);
  const ref = open ? wantReference(game) : undefined;
  return (
    <TableOptions.Provider value={options}>
      <section class="panel howto-panel">
        <details onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}>
          <summary>{t("rules.howToPlay")}</summary>
          {open && !ref ? <p>{t("rules.loading")}</p> : ref ? <HowToPlay ref={ref} /> : null}
        </details>
        <a class="button btn-small" href={topicHref()} data-testid="open-rules">
          {t("rules.reference")}
        </a>
        <ReferenceDialog game={game} />
      </section>
    </TableOptions.Provider>
  );
}

/** RuleLink links a refusal's rule id to the topic that explains it, once the game's reference is loaded. */
export function RuleLink({ game, rule }: { game: string; rule: string }) {
  const ref = wantReference(game);
  const topic = ref ? topicForRule(ref, rule) : undefined;
  if (!topic) return <span class="rule-id"> {t("rules.ruleId", { rule })}</span>;
  return (
    <a class="rule-link" href={topicHref(topic.id)} data-testid="rule-link" data-topic={topic.id}>
      {t("rules.ruleLink", { title: topic.title })}
    </a>
  );
}

/** TopicLink opens a topic of the page's game; children say what it is about. */
export function TopicLink({ topic, label, children }: { topic: string; label?: string; children: preact.ComponentChildren }) {
  return (
    <a class="topic-link" href={topicHref(topic)} aria-label={label} data-topic={topic}>
      {children}
    </a>
  );
}

/** MoveLine is the short line beside a legal-move button saying what the move will do. */
export function MoveLine({ game, type, id }: { game: string; type: string; id?: string }) {
  const text = moveLine(wantReference(game), type);
  if (!text) return null;
  return (
    <span class="move-line" id={id}>
      {text}
    </span>
  );
}
