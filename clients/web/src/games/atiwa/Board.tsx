// Atiwa drawn: the round track and the action board (with what each space gives and costs), the terrain
// display and the location stacks, and every player's supply board and play area of cards with their
// eight fields. Legal commands are clicks where they belong: a worker on a space, a card on an open
// place, a piece on a field; the rest (start an action, pass, pay, choose) are buttons of the task bar.
import type { JsonObject, JsonValue, LegalCommand } from "@playledger/client";
import type { BoardProps, ViewOf } from "../types";
import { arr, cardInfo, obj, useCatalog } from "./catalog";
import { FIELD_COMMANDS, key, LOCATIONS, num } from "./common";
import { FinalScores } from "./FinalScores";
import { FieldTypes } from "./PlayArea";
import { Player } from "./Player";
import { Space } from "./Space";
import { TaskBar } from "./TaskBar";
import { piece } from "./words";
import "./atiwa.css";

type View = ViewOf<"atiwa">;

export function Board({ view, game, seat, legal, onCommand, busy }: BoardProps<View>) {
  const catalog = useCatalog();
  const round = num(view.round);
  const spaces = arr(view.spaces).map(obj);
  const { workerCommands, fieldCommands } = byPlace(legal);
  const cardCommands = legal.filter((c) => c.commandType === "place_card");
  const players = arr(view.players).map(obj);
  const ordered =
    seat === undefined ? players : [...players.slice(seat), ...players.slice(0, seat)];
  const breeding = arr(view.breeding).map((b) => arr(b));
  const stacks = obj(view.stacks);
  const bag = obj(view.bag);
  const solo = obj(view.solo);
  const spaceProps = { catalog, round, players: game.players, busy, onCommand };
  return (
    <div className="at-board">
      <p className="at-status">
        <b>Round {round} of 7</b> · {String(view.phase)} · start player{" "}
        {game.players[num(view.start_player)]} · deck {num(view.deck_size)} cards · bag{" "}
        {num(bag.no_gold)} empty / {num(bag.one_gold)} one gold / {num(bag.two_gold)} two gold
        {solo.name ? ` · solo: ${String(solo.name)}, ${String(solo.colour)} workers` : ""}
      </p>
      {view.final !== undefined && <FinalScores final={obj(view.final)} players={game.players} />}
      <TaskBar legal={legal} view={view} seat={seat} busy={busy} onCommand={onCommand} />
      <section className="at-section" aria-label="round track">
        <h3>
          Round track{" "}
          <span className="muted">
            breeding this round:{" "}
            {breeding.map((b) => `${num(b[1])}+ ${piece(b[0], 2)}`).join(", ") || "—"}
          </span>
        </h3>
        <div className="at-spaces at-track">
          {spaces
            .filter((s) => String(s.id).startsWith("R"))
            .map((s) => (
              <Space
                key={String(s.id)}
                space={s}
                command={workerCommands.get(String(s.id))}
                {...spaceProps}
              />
            ))}
        </div>
      </section>
      <ActionBoard spaces={spaces} workerCommands={workerCommands} spaceProps={spaceProps} />
      <div className="at-row">
        <TerrainDisplay display={arr(view.display)} catalog={catalog} />
        <LocationCards stacks={stacks} catalog={catalog} />
      </div>
      {ordered.map((p) => {
        const s = num(p.seat);
        const mine = s === seat;
        return (
          <Player
            key={s}
            player={p}
            name={game.players[s] ?? `seat ${s}`}
            isMe={mine}
            catalog={catalog}
            fieldCommands={mine ? fieldCommands : new Map()}
            cardCommands={mine ? cardCommands : []}
            busy={busy}
            onCommand={onCommand}
          />
        );
      })}
      <p className="muted at-legend">
        Fields: H hut · A abandoned hut · W wild animal · B fruit bat · G goat · T tree (TW also a
        wild animal, TB also a bat) · F fruit · E empty (takes a piece already on that card) · ♣
        nature symbol.
      </p>
    </div>
  );
}

function TerrainDisplay({ display, catalog }: { display: JsonValue[]; catalog: JsonObject }) {
  return (
    <section className="at-section" aria-label="terrain display">
      <h3>Terrain display</h3>
      <div className="at-display">
        {display.map((id, slot) => {
          const info = cardInfo(catalog, String(id));
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: display slots are positions
            <div key={slot} className="at-offer">
              <span className="at-space-id">TT{slot + 1}</span>
              {id === null ? (
                <span className="muted">empty</span>
              ) : (
                <>
                  <strong>{String(info.name ?? id)}</strong>
                  <span>
                    {String(id)} · {num(info.points)} pts
                    {num(info.nature) ? ` · ${"♣".repeat(num(info.nature))}` : " · no ♣"}
                  </span>
                  <FieldTypes fields={arr(info.fields)} catalog={catalog} />
                </>
              )}
            </div>
          );
        })}
      </div>
    </section>
  );
}

function LocationCards({ stacks, catalog }: { stacks: JsonObject; catalog: JsonObject }) {
  return (
    <section className="at-section" aria-label="location cards">
      <h3>Location cards</h3>
      <div className="at-display">
        {LOCATIONS.map((kind) => {
          const info = obj(obj(catalog.locations)[kind]);
          if (info.name === undefined) return null;
          return (
            <div key={kind} className="at-offer">
              <strong>{String(info.name)}</strong>
              <span>
                {num(info.points)} pts · {num(info.huts)} huts · {num(stacks[kind])} left
              </span>
              <span>
                {num(info.cost_trees)} trees + {num(info.cost_gold_left)}/
                {num(info.cost_gold_right)} gold
              </span>
              <FieldTypes fields={arr(info.fields)} catalog={catalog} />
            </div>
          );
        })}
      </div>
    </section>
  );
}

/** The seat's legal commands by where they are clicked: a worker by space, a piece by card and field. */
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

function ActionBoard(props: {
  spaces: JsonObject[];
  workerCommands: Map<string, LegalCommand>;
  spaceProps: Omit<Parameters<typeof Space>[0], "space" | "command">;
}) {
  const { spaces, workerCommands, spaceProps } = props;
  return (
    <section className="at-section" aria-label="action board">
      <h3>Action board</h3>
      <div className="at-spaces">
        {spaces
          .filter((s) => !String(s.id).startsWith("R"))
          .map((s) => (
            <Space
              key={String(s.id)}
              space={s}
              command={workerCommands.get(String(s.id))}
              {...spaceProps}
            />
          ))}
      </div>
    </section>
  );
}
