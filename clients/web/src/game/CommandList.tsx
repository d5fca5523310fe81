// Every legal command as a labelled button: a player can always act from this list, even where
// the board offers no click for it.
import type { LegalCommand } from "@playledger/client";
import { uiFor } from "../games/registry";

export function CommandList(props: {
  rules: string;
  legal: LegalCommand[];
  onCommand: (c: LegalCommand) => void;
  busy: boolean;
}) {
  const ui = uiFor(props.rules);
  const groups = new Map<string, LegalCommand[]>();
  for (const c of props.legal) groups.set(c.commandType, [...(groups.get(c.commandType) ?? []), c]);
  return (
    <section className="commands" aria-label="your moves">
      <h2>Your moves</h2>
      {[...groups].map(([type, commands]) => (
        <div key={type} className="command-group">
          <h3>{ui.commandTitle(type)}</h3>
          <ul>
            {commands.map((c) => {
              const label = ui.label(c);
              return (
                <li key={label}>
                  <button
                    type="button"
                    disabled={props.busy}
                    onClick={() => props.onCommand(c)}
                    data-command={type}
                  >
                    {label}
                  </button>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </section>
  );
}
