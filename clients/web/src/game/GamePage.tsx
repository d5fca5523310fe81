// One game, as this browser's seat (or a spectator) sees it: the board, what you may do, what happened.
import { replayHref } from "../app/route";
import { held, tokenOf } from "../app/seats";
import { uiFor } from "../games/registry";
import { CommandList } from "./CommandList";
import { EndScreen } from "./EndScreen";
import { ErrorLine } from "./ErrorLine";
import { EventLog } from "./EventLog";
import { MoveClock } from "./MoveClock";
import { Players } from "./Players";
import { useLiveGame } from "./useLiveGame";

export function GamePage(props: { game: string; seat?: number | undefined }) {
  const seat = props.seat ?? held(props.game).mine;
  const token = tokenOf(props.game, seat);
  const mySeat = token === undefined ? undefined : seat;
  const live = useLiveGame(props.game, token);
  const { game } = live;
  if (!game) {
    return (
      <section>
        <p>Loading {props.game}…</p>
        <ErrorLine error={live.error} />
      </section>
    );
  }
  const ui = uiFor(game.rules);
  const myTurn =
    mySeat !== undefined && game.status.toAct.includes(mySeat) && live.legal.length > 0;
  return (
    <section className={`game game-${game.rules}`}>
      <div className="game-head">
        <h1>
          {ui.title} <span className="muted">v{game.version}</span>
        </h1>
        <Players game={game} mySeat={mySeat} />
        <p className={myTurn ? "turn yours" : "turn"} aria-live="polite" data-testid="turn">
          {game.status.finished
            ? "The game is over."
            : myTurn
              ? "Your turn."
              : mySeat === undefined
                ? `You are watching. Waiting for ${whoActs(game.status.toAct, game.players)}.`
                : `Waiting for ${whoActs(game.status.toAct, game.players)}.`}
        </p>
        <MoveClock key={game.version} game={game} />
        <p className="links">
          <a href={replayHref(game.name, mySeat)}>Step through it</a>
        </p>
      </div>
      <ErrorLine error={live.error} />
      {game.status.finished && <EndScreen game={game} />}
      <div className="game-body">
        <div className="board-area">
          {game.view && (
            <ui.Board
              view={game.view}
              game={game}
              seat={mySeat}
              legal={myTurn ? live.legal : []}
              onCommand={(c) => void live.submit(c)}
              busy={live.sending}
            />
          )}
        </div>
        <aside className="side">
          {myTurn && (
            <CommandList
              rules={game.rules}
              legal={live.legal}
              onCommand={(c) => void live.submit(c)}
              busy={live.sending}
            />
          )}
          <EventLog
            rules={game.rules}
            events={live.events}
            players={game.players}
            mySeat={mySeat}
          />
        </aside>
      </div>
    </section>
  );
}

export function whoActs(seats: number[], players: string[]): string {
  if (seats.length === 0) return "the game";
  return seats.map((s) => players[s] ?? `seat ${s}`).join(", ");
}
