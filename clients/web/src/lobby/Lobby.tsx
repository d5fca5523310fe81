// Pick a game, its options and who sits where (you, a friend with an invite link, or a bot), then create it.
import type { GameOption, GameType, JsonObject, JsonValue } from "@playledger/client";
import { useEffect, useMemo, useState } from "react";
import { spectator } from "../app/client";
import { gameHref } from "../app/route";
import { hold, inviteLink } from "../app/seats";
import { ErrorLine, messageOf } from "../game/ErrorLine";

type SeatKind = "you" | "friend" | "bot";
interface SeatPlan {
  name: string;
  kind: SeatKind;
  /** The server bot's level, for a bot seat. */
  level: string;
}
interface Created {
  game: string;
  mine?: number;
  invites: { seat: number; player: string; link: string }[];
}

export function Lobby() {
  const [types, setTypes] = useState<GameType[]>([]);
  const [chosen, setChosen] = useState<string>("");
  const [error, setError] = useState<string>();
  const [created, setCreated] = useState<Created>();
  useEffect(() => {
    spectator
      .listGameTypes()
      .then((found) => {
        setTypes(found);
        setChosen(
          (c) => c || (found.find((t) => t.name === "hare-and-tortoise") ?? found[0])?.name || "",
        );
      })
      .catch((e: unknown) => setError(messageOf(e)));
  }, []);
  const type = types.find((t) => t.name === chosen);
  return (
    <section className="lobby">
      <h1>Start a game</h1>
      <ErrorLine error={error} />
      <div className="game-types" role="radiogroup" aria-label="game">
        {types.map((t) => (
          <label key={t.name} className={t.name === chosen ? "game-type chosen" : "game-type"}>
            <input
              type="radio"
              name="game-type"
              value={t.name}
              checked={t.name === chosen}
              onChange={() => {
                setChosen(t.name);
                setCreated(undefined);
              }}
            />
            <strong>{t.title}</strong>
            <span className="muted">
              {t.minPlayers === t.maxPlayers ? t.minPlayers : `${t.minPlayers}–${t.maxPlayers}`}{" "}
              players
            </span>
            <span>{t.summary}</span>
          </label>
        ))}
      </div>
      {type && !created && (
        <CreateForm key={type.name} type={type} onCreated={setCreated} onError={setError} />
      )}
      {created && <Invites created={created} />}
    </section>
  );
}

const LEVEL_NAMES: Record<string, string> = {
  random: "random (plays any legal move)",
  greedy: "greedy (the best move one step ahead)",
  search: "search (thinks ahead: the strongest)",
};

/** The lobby offers greedy by default where a game has it: strong and quick (a search move can take a second). */
function strongest(type: GameType): string {
  return type.botLevels.includes("greedy") ? "greedy" : (type.botLevels.at(-1) ?? "random");
}

function defaultsOf(type: GameType): JsonObject {
  return Object.fromEntries(type.options.map((o) => [o.name, o.defaultValue]));
}

function CreateForm(props: {
  type: GameType;
  onCreated: (c: Created) => void;
  onError: (e: string | undefined) => void;
}) {
  const { type } = props;
  const [options, setOptions] = useState<JsonObject>(() => defaultsOf(type));
  const [seats, setSeats] = useState<SeatPlan[]>(() =>
    Array.from({ length: Math.min(type.maxPlayers, Math.max(type.minPlayers, 3)) }, (_, i) => ({
      name: i === 0 ? "You" : `Bot ${i}`,
      kind: i === 0 ? "you" : "bot",
      level: strongest(type),
    })),
  );
  const [busy, setBusy] = useState(false);
  const [clock, setClock] = useState({
    moveSeconds: 0,
    budgetSeconds: 0,
    incrementSeconds: 0,
    onTimeout: "move" as "move" | "forfeit",
  });
  const clocked = clock.moveSeconds > 0 || clock.budgetSeconds > 0;
  const counts = useMemo(
    () =>
      Array.from({ length: type.maxPlayers - type.minPlayers + 1 }, (_, i) => type.minPlayers + i),
    [type],
  );
  const setCount = (n: number) =>
    setSeats((s) =>
      Array.from(
        { length: n },
        (_, i) => s[i] ?? { name: `Bot ${i}`, kind: "bot" as SeatKind, level: strongest(type) },
      ),
    );
  const setSeat = (i: number, change: Partial<SeatPlan>) =>
    setSeats((s) =>
      s.map((seat, j) => {
        if (j === i) return { ...seat, ...change };
        // one "you" per browser: choosing it for a seat makes the previous one a friend
        return change.kind === "you" && seat.kind === "you" ? { ...seat, kind: "friend" } : seat;
      }),
    );
  const create = async () => {
    setBusy(true);
    props.onError(undefined);
    try {
      const made = await spectator.createGame({
        rules: type.name,
        players: seats.map((s, i) => s.name.trim() || `Seat ${i}`),
        options,
        // The server plays these seats; their moves are recorded like anyone's, tagged with the bot.
        bots: seats.flatMap((s, seat) => (s.kind === "bot" ? [{ seat, level: s.level }] : [])),
        ...(clocked ? { timeControl: clock } : {}),
      });
      const game = made.game.name;
      const mine = seats.findIndex((s) => s.kind === "you");
      hold(game, () => ({
        ...(mine >= 0 ? { mine } : {}),
        tokens: Object.fromEntries(made.seats.map((t) => [String(t.seat), t.token])),
        bots: [],
      }));
      props.onCreated({
        game,
        ...(mine >= 0 ? { mine } : {}),
        invites: made.seats
          .filter((t) => seats[t.seat]?.kind === "friend")
          .map((t) => ({
            seat: t.seat,
            player: t.player,
            link: inviteLink(game, t.seat, t.token),
          })),
      });
    } catch (e) {
      props.onError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="create"
      onSubmit={(e) => {
        e.preventDefault();
        void create();
      }}
    >
      <h2>{type.title}</h2>
      <fieldset>
        <legend>Players</legend>
        {counts.length > 1 && (
          <label>
            Number of players{" "}
            <select value={seats.length} onChange={(e) => setCount(Number(e.target.value))}>
              {counts.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
        )}
        <ol className="seats">
          {seats.map((s, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: seats are positions
            <li key={i}>
              <input
                aria-label={`name of seat ${i}`}
                value={s.name}
                maxLength={64}
                onChange={(e) => setSeat(i, { name: e.target.value })}
              />
              <select
                aria-label={`who plays seat ${i}`}
                value={s.kind}
                onChange={(e) => setSeat(i, { kind: e.target.value as SeatKind })}
              >
                <option value="you">you (this browser)</option>
                <option value="friend">a friend (invite link)</option>
                <option value="bot">a bot</option>
              </select>
              {s.kind === "bot" && (
                <select
                  aria-label={`bot level of seat ${i}`}
                  value={s.level}
                  onChange={(e) => setSeat(i, { level: e.target.value })}
                >
                  {type.botLevels.map((level) => (
                    <option key={level} value={level}>
                      {LEVEL_NAMES[level] ?? level}
                    </option>
                  ))}
                </select>
              )}
            </li>
          ))}
        </ol>
      </fieldset>
      {type.options.length > 0 && (
        <fieldset>
          <legend>Options</legend>
          {type.options.map((o) => (
            <OptionInput
              key={o.name}
              option={o}
              value={options[o.name] ?? o.defaultValue}
              onChange={(v) => setOptions((all) => ({ ...all, [o.name]: v }))}
            />
          ))}
        </fieldset>
      )}
      <fieldset>
        <legend>Clock</legend>
        <label>
          Time per move{" "}
          <select
            value={clock.moveSeconds}
            onChange={(e) => setClock((c) => ({ ...c, moveSeconds: Number(e.target.value) }))}
          >
            <option value={0}>no clock</option>
            <option value={30}>30 seconds</option>
            <option value={60}>1 minute</option>
            <option value={300}>5 minutes</option>
            <option value={86400}>1 day</option>
          </select>
        </label>{" "}
        <label>
          Chess clock{" "}
          <select
            value={`${clock.budgetSeconds}+${clock.incrementSeconds}`}
            onChange={(e) => {
              const [budget, increment] = e.target.value.split("+").map(Number);
              setClock((c) => ({
                ...c,
                budgetSeconds: budget ?? 0,
                incrementSeconds: increment ?? 0,
              }));
            }}
          >
            {CHESS_CLOCKS.map(([budget, increment, label]) => (
              <option key={label} value={`${budget}+${increment}`}>
                {label}
              </option>
            ))}
          </select>
        </label>{" "}
        {clocked && (
          <label>
            when it runs out{" "}
            <select
              value={clock.onTimeout}
              onChange={(e) =>
                setClock((c) => ({
                  ...c,
                  onTimeout: e.target.value === "forfeit" ? "forfeit" : "move",
                }))
              }
            >
              <option value="move">the server plays a random move for that seat</option>
              <option value="forfeit">that player forfeits</option>
            </select>
          </label>
        )}
      </fieldset>
      <button type="submit" className="primary" disabled={busy}>
        {busy ? "Creating…" : "Create game"}
      </button>
    </form>
  );
}

/** Each seat's budget and the seconds added after each move (Fischer), as chess sites offer them. */
const CHESS_CLOCKS: [number, number, string][] = [
  [0, 0, "none"],
  [180, 2, "3 min + 2 s a move"],
  [300, 3, "5 min + 3 s a move"],
  [900, 10, "15 min + 10 s a move"],
  [1800, 0, "30 min"],
];

function OptionInput(props: {
  option: GameOption;
  value: JsonValue;
  onChange: (v: JsonValue) => void;
}) {
  const { option, value } = props;
  const id = `option-${option.name}`;
  let input: React.ReactNode;
  if (option.type === "boolean") {
    input = (
      <input
        id={id}
        type="checkbox"
        checked={value === true}
        onChange={(e) => props.onChange(e.target.checked)}
      />
    );
  } else if (option.choices.length > 0) {
    input = (
      <select
        id={id}
        value={String(value)}
        onChange={(e) => {
          const picked = option.choices.find((c) => String(c) === e.target.value);
          props.onChange(picked ?? e.target.value);
        }}
      >
        {option.choices.map((c) => (
          <option key={String(c)} value={String(c)}>
            {String(c)}
          </option>
        ))}
      </select>
    );
  } else if (option.type === "integer") {
    input = (
      <input
        id={id}
        type="number"
        step={1}
        min={option.minimum}
        max={option.maximum}
        value={Number(value)}
        onChange={(e) => props.onChange(Number(e.target.value))}
      />
    );
  } else {
    input = (
      <input id={id} value={String(value ?? "")} onChange={(e) => props.onChange(e.target.value)} />
    );
  }
  return (
    <div className="option">
      <label htmlFor={id}>{option.name}</label>
      {input}
      <p className="muted">{option.description}</p>
    </div>
  );
}

function Invites({ created }: { created: Created }) {
  return (
    <section className="invites" aria-live="polite">
      <h2>Game created</h2>
      {created.invites.length > 0 && (
        <>
          <p>Send each friend their own link (it seats them; keep it private):</p>
          <ul>
            {created.invites.map((i) => (
              <li key={i.seat}>
                <span>
                  Seat {i.seat} ({i.player}):
                </span>{" "}
                <input
                  readOnly
                  value={i.link}
                  aria-label={`invite link for seat ${i.seat}`}
                  className="link"
                />
                <button type="button" onClick={() => void navigator.clipboard?.writeText(i.link)}>
                  Copy
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      <a className="button primary" href={gameHref(created.game, created.mine)}>
        {created.mine === undefined ? "Watch the game" : "Go to the table"}
      </a>
    </section>
  );
}
