// Atiwa drawn: the round track and the action board (with what each space gives and costs), the running
// score, the terrain display and the location stacks, and every player's supply board and play area of
// cards with their eight fields. Legal commands are presses where they belong: a worker on a space, a card
// on an open place, a piece on a field; the rest (start an action, pass, pay, choose) are buttons of the
// task bar. By keyboard the spaces and your fields are each one Tab stop crossed with the arrow keys.
import type { LegalCommand } from "@playledger/client";
import { type ReactNode, useMemo, useRef, useState } from "react";
import { useKeepFocus, useRoving } from "../../a11y/roving";
import { useGameText } from "../../i18n/text";
import type { BoardProps } from "../types";
import { Confirm } from "./Confirm";
import { useCatalog } from "./catalog";
import { FIELD_COMMANDS, key, type Nothing, type SpaceView, type View } from "./common";
import { FinalScores } from "./FinalScores";
import { Legend, LocationCards, TerrainDisplay } from "./Offers";
import { Player } from "./Player";
import { RunningScore, Status } from "./Score";
import { Space, type SpaceProps } from "./Space";
import { TaskBar } from "./TaskBar";
import { RULES, spaceName } from "./words";
import "./atiwa.css";

interface Asking {
  command: LegalCommand;
  space: SpaceView;
  nothing: Nothing;
  from: Element | null;
}

export function Board({ view, game, seat, legal, onCommand, busy }: BoardProps<View>) {
  const text = useGameText(RULES);
  const catalog = useCatalog();
  const root = useRef<HTMLDivElement>(null);
  const home = useRef<HTMLElement>(null);
  useKeepFocus(root, home, legal.length > 0);
  const spaces = view.spaces ?? [];
  const { workerCommands, fieldCommands } = useMemo(() => byPlace(legal), [legal]);
  const open = spaces.map((s) => s.id).filter((id) => workerCommands.has(id));
  const roving = useRoving(open);
  const players = view.players ?? [];
  const { asking, onPlace, closeAsking } = useAsking(onCommand);
  const spaceProps: SpaceProps = {
    catalog,
    round: view.round,
    players: game.players,
    busy,
    text,
    roving,
    onPlace,
  };
  const ordered = fromSeat(players, seat);
  return (
    <div className="at-board" ref={root}>
      <Status view={view} players={game.players} text={text} />
      <RunningScore view={view} players={game.players} text={text} />
      {view.final !== undefined && (
        <FinalScores
          view={view}
          players={game.players}
          placements={game.status.outcome?.placements ?? []}
        />
      )}
      <TaskBar
        legal={legal}
        view={view}
        seat={seat}
        busy={busy}
        onCommand={onCommand}
        home={home}
      />
      <Folded when={view.final !== undefined} summary={text("ended.board")}>
        <Spaces
          spaces={spaces}
          breeding={view.breeding ?? []}
          workerCommands={workerCommands}
          spaceProps={spaceProps}
        />
        <div className="at-row">
          <TerrainDisplay display={view.display ?? []} catalog={catalog} text={text} />
          <LocationCards stacks={view.stacks ?? {}} catalog={catalog} text={text} />
        </div>
      </Folded>
      {ordered.map((p, i) => (
        <Player
          key={p.seat}
          player={p}
          name={game.players[p.seat] ?? String(p.seat + 1)}
          isMe={p.seat === seat}
          folded={i > 0}
          catalog={catalog}
          fieldCommands={p.seat === seat ? fieldCommands : new Map()}
          cardCommands={p.seat === seat ? legal.filter((c) => c.commandType === "place_card") : []}
          busy={busy}
          onCommand={onCommand}
        />
      ))}
      <Legend text={text} />
      {asking && (
        <Confirm
          nothing={asking.nothing}
          space={spaceName(asking.space.id, text)}
          text={text}
          onPlace={() => closeAsking(true)}
          onCancel={() => closeAsking(false)}
        />
      )}
    </div>
  );
}

/** The players from the viewer's own seat round the table (as they are when nobody sits). */
function fromSeat<T>(players: T[], seat: number | undefined): T[] {
  return seat === undefined ? players : [...players.slice(seat), ...players.slice(0, seat)];
}

/** The table's common parts, folded behind a disclosure once the game is over (the end explains it). */
function Folded(props: { when: boolean; summary: string; children: ReactNode }) {
  if (!props.when) return <>{props.children}</>;
  return (
    <details className="at-section at-ended">
      <summary>{props.summary}</summary>
      <div className="at-board">{props.children}</div>
    </details>
  );
}

/** Placing a worker, asking first when the server's view says the space gains the seat nothing. */
function useAsking(onCommand: (c: LegalCommand) => void) {
  const [asking, setAsking] = useState<Asking>();
  const onPlace = (command: LegalCommand, space: SpaceView) => {
    const nothing = space.gains_nothing ? space.nothing : undefined;
    if (nothing) setAsking({ command, space, nothing, from: document.activeElement });
    else onCommand(command);
  };
  const closeAsking = (place: boolean) => {
    if (!asking) return;
    setAsking(undefined);
    if (place) onCommand(asking.command);
    else if (asking.from instanceof HTMLElement) asking.from.focus();
  };
  return { asking, onPlace, closeAsking };
}

/** The seat's legal commands by where they are pressed: a worker by space, a piece by card and field. */
function byPlace(legal: LegalCommand[]) {
  const workerCommands = new Map(
    legal.filter((c) => c.commandType === "place_worker").map((c) => [String(c.args.space), c]),
  );
  const fieldCommands = new Map<string, LegalCommand[]>();
  for (const c of legal) {
    if (!FIELD_COMMANDS.has(c.commandType) || c.args.card === undefined || c.args.card === null)
      continue;
    const k = key(c.args.card, c.args.field);
    fieldCommands.set(k, [...(fieldCommands.get(k) ?? []), c]);
  }
  return { workerCommands, fieldCommands };
}

/** The round track and the action board: one roving group of the spaces open to the seat. */
function Spaces(props: {
  spaces: SpaceView[];
  breeding: (string | number)[][];
  workerCommands: Map<string, LegalCommand>;
  spaceProps: SpaceProps;
}) {
  const { spaces, workerCommands, spaceProps } = props;
  const { text } = spaceProps;
  const conditions = props.breeding.map(([kind, count]) =>
    text("track.condition", { count: Number(count), kind: text(`kind.${String(kind)}`) }),
  );
  const draw = (list: SpaceView[]) =>
    list.map((s) => (
      <Space key={s.id} space={s} command={workerCommands.get(s.id)} {...spaceProps} />
    ));
  return (
    <>
      <section className="at-section" aria-labelledby="at-track-title">
        <h3 id="at-track-title">
          {text("track.title")}{" "}
          <span className="muted">
            {text("track.breeding", { conditions: conditions.join(", ") || "—" })}
          </span>
        </h3>
        <div className="at-spaces at-track">{draw(spaces.filter((s) => s.id.startsWith("R")))}</div>
      </section>
      <section className="at-section" aria-labelledby="at-actions-title">
        <h3 id="at-actions-title">{text("board.title")}</h3>
        <div className="at-spaces">{draw(spaces.filter((s) => !s.id.startsWith("R")))}</div>
      </section>
    </>
  );
}
