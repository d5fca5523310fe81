// The path grid with the ants and the Cicada, the roles, the markers, and per player the pantry shelves
// (Autumn) or the supply, provisions and powers (Winter). The Ant picks 6 cards on the grid and places
// them; the Cicada clicks a card with an ant; markers, peeks, insect help, powers and purchases are
// buttons where they are drawn. Only what the server lists as legal is offered.
import type { LegalCommand } from "@playledger/client";
import { useState } from "react";
import type { BoardProps, ViewOf } from "../types";
import "./board.css";
import { PHASES, ROLE_NAMES, record, useCatalog } from "./common";
import { Grid } from "./Grid";
import { MarkerPanel, Turn } from "./Markers";
import { Autumn, Winter } from "./Seasons";
import { endReason, list, strings } from "./words";

type View = ViewOf<"grasshopper-and-ant">;

export function Board({ view, game, seat, legal, onCommand, busy }: BoardProps<View>) {
  useCatalog();
  const [picked, setPicked] = useState<string[]>([]);
  const names = game.players;
  const roles = strings(view.roles);
  const winter = view.mode === "winter";
  const send = (c: LegalCommand) => {
    setPicked([]);
    onCommand(c);
  };
  const reveal = view.reveal === null ? undefined : record(view.reveal);
  const phase = String(view.phase);

  return (
    <div className="ga-board">
      <p className="ga-status">
        <strong>{winter ? "Winter" : "Autumn"}</strong> · round {String(view.round)} ·{" "}
        {PHASES[phase] ?? phase} · path deck {String(view.deck_count)}
        {view.snake === true && " · single-file ants"}
        {view.autumn_open === true && " · insects face up"}
      </p>
      <ol className="ga-roles" aria-label="roles">
        {roles.map((role, s) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: seats are positions
          <li key={s} className={`ga-role ga-role-${role}`}>
            <strong>{names[s] ?? `Seat ${s}`}</strong>
            {s === seat && " (you)"}: {ROLE_NAMES[role] ?? role}
            {list(view.committed)[s] === true && !reveal && phase !== "ant_place" && (
              <span className="ga-tag">marker chosen</span>
            )}
          </li>
        ))}
      </ol>

      <div className="ga-main">
        <Grid
          view={view}
          legal={legal}
          busy={busy}
          send={send}
          picked={picked}
          setPicked={setPicked}
        />
        <MarkerPanel view={view} names={names} legal={legal} busy={busy} send={send} />
      </div>

      <Turn legal={legal} busy={busy} send={send} />
      {winter ? (
        <Winter view={view} names={names} seat={seat} legal={legal} busy={busy} send={send} />
      ) : (
        <Autumn view={view} names={names} seat={seat} />
      )}
      {view.finished === true && (
        <p className="ga-end">
          Ended because {endReason(view.end_reason)}. Scores:{" "}
          {list(view.scores)
            .map((s, i) => `${names[i]} ${String(s)}`)
            .join(", ")}
          .
        </p>
      )}
    </div>
  );
}
