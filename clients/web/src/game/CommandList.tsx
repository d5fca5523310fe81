// Every legal command as a labelled button, folded away by default (the board is where moves are made;
// this list is the way to any move the board offers no click for). Open, it is searchable and shows a
// handful of moves of each kind at a time.
import type { LegalCommand } from "@playledger/client";
import { useId, useMemo, useState } from "react";
import type { EventContext, GameUI } from "../games/types";
import { useT } from "../i18n/text";

const HANDFUL = 6;

export function CommandList(props: {
  ui: GameUI<unknown>;
  ctx: EventContext;
  legal: LegalCommand[];
  onCommand: (c: LegalCommand) => void;
  busy: boolean;
  open: boolean;
  onToggle: (open: boolean) => void;
}) {
  const { ui, ctx, legal, open } = props;
  const t = useT();
  const id = useId();
  const [query, setQuery] = useState("");
  const labelled = useMemo(
    () => legal.map((c) => ({ command: c, label: ui.label(c, ctx) })),
    [legal, ui, ctx],
  );
  const words = query.trim().toLocaleLowerCase();
  const found = words
    ? labelled.filter((c) => c.label.toLocaleLowerCase().includes(words))
    : labelled;
  const groups = new Map<string, typeof found>();
  for (const c of found) {
    const type = c.command.commandType;
    groups.set(type, [...(groups.get(type) ?? []), c]);
  }
  return (
    <section className="commands" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>
        <button
          type="button"
          className="disclosure"
          aria-expanded={open}
          aria-controls={`${id}-list`}
          onClick={() => props.onToggle(!open)}
          data-testid="moves-toggle"
        >
          {t("moves.title", { count: legal.length })}
        </button>
      </h2>
      {open && (
        <div id={`${id}-list`} className="command-list">
          {legal.length > HANDFUL && (
            <label className="command-search">
              {t("moves.search")}{" "}
              <input type="search" value={query} onChange={(e) => setQuery(e.target.value)} />
            </label>
          )}
          {[...groups].map(([type, commands]) => (
            <CommandGroup
              key={type}
              title={
                ctx.text.has(`command.${type}`) ? ctx.text(`command.${type}`) : t("moves.other")
              }
              commands={commands}
              busy={props.busy}
              onCommand={props.onCommand}
            />
          ))}
          {found.length === 0 && <p className="muted">{t("moves.none")}</p>}
        </div>
      )}
    </section>
  );
}

function CommandGroup(props: {
  title: string;
  commands: { command: LegalCommand; label: string }[];
  busy: boolean;
  onCommand: (c: LegalCommand) => void;
}) {
  const t = useT();
  const [shown, setShown] = useState(HANDFUL);
  const more = props.commands.length - shown;
  return (
    <div className="command-group">
      <h3>{props.title}</h3>
      <ul>
        {props.commands.slice(0, shown).map(({ command, label }, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: two moves may read alike
          <li key={`${label}:${i}`}>
            <button
              type="button"
              disabled={props.busy}
              onClick={() => props.onCommand(command)}
              data-command={command.commandType}
            >
              {label}
            </button>
          </li>
        ))}
      </ul>
      {more > 0 && (
        <button type="button" className="more" onClick={() => setShown((n) => n + HANDFUL)}>
          {t("moves.more", { count: Math.min(more, HANDFUL), left: more })}
        </button>
      )}
    </div>
  );
}
