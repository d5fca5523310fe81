// The head of a game's page: its title and version, the live connection, the players, whose turn it is,
// the clock, and the way to the replay.
import type { Game, GameStatus } from "@playledger/client";
import { replayHref } from "../app/route";
import { useGameText, useNames, useT } from "../i18n/text";
import type { LiveGame } from "./live/useLiveGame";
import { MoveClock } from "./MoveClock";
import { Players } from "./Players";

export function GameHead(props: {
  game: Game;
  status: GameStatus;
  live: LiveGame;
  mySeat: number | undefined;
  myTurn: boolean;
}) {
  const { game, status, live, mySeat } = props;
  const t = useT();
  const text = useGameText(game.rules);
  return (
    <div className="game-head">
      <h1 id="game-title">
        {text.has("title") ? text("title") : game.rules}{" "}
        <span className="muted" title={t("game.versionHint")}>
          v{game.version}
        </span>
      </h1>
      <Connection connection={live.connection} finished={status.finished} />
      <Players game={game} status={status} mySeat={mySeat} />
      <Turn game={game} status={status} mySeat={mySeat} myTurn={props.myTurn} />
      <MoveClock game={game} status={status} offsetMs={live.clockOffsetMs} />
      <p className="links">
        <a href={replayHref(game.name, mySeat)}>{t("game.stepThrough")}</a>
      </p>
    </div>
  );
}

function Connection({ connection, finished }: { connection: string; finished: boolean }) {
  const t = useT();
  if (finished || connection === "closed") return null;
  const reconnecting = connection === "reconnecting";
  return (
    <p
      className={reconnecting ? "connection reconnecting" : "connection"}
      role="status"
      data-testid="connection"
      data-state={connection}
    >
      <span aria-hidden="true">{reconnecting ? "⟳" : "●"}</span>{" "}
      {reconnecting
        ? t("connection.reconnecting")
        : connection === "live"
          ? t("connection.live")
          : t("connection.connecting")}
    </p>
  );
}

function Turn(props: {
  game: Game;
  status: GameStatus;
  mySeat: number | undefined;
  myTurn: boolean;
}) {
  const { game, status, mySeat, myTurn } = props;
  const t = useT();
  const names = useNames();
  const waiting = status.toAct.filter((s) => s !== mySeat).map((s) => game.players[s] ?? "");
  let said: string;
  if (status.finished) said = t("turn.over");
  else if (myTurn && waiting.length > 0)
    said = t("turn.yoursWithOthers", { names: names(waiting) });
  else if (myTurn) said = t("turn.yours");
  else if (waiting.length === 0 && mySeat !== undefined) said = t("turn.wait");
  else if (waiting.length === 0) said = t("turn.watchingGame");
  else if (mySeat === undefined) said = t("turn.watching", { names: names(waiting) });
  else said = t("turn.waiting", { names: names(waiting) });
  return (
    <p className={myTurn ? "turn yours" : "turn"} data-testid="turn">
      {said}
    </p>
  );
}
