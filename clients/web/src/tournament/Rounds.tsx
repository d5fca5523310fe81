// A tournament's rounds: each game with its players, each seat's result (1, ½, 0; + and − for a game not
// played), who won it or that it was drawn, the rulings that concern it in words, and the round's byes.
// Then every ruling of the tournament with its reason. Names everywhere, never a player's id.
import { gameHref } from "../app/route";
import { useNames, useT } from "../i18n/text";
import { type leaderboards, RulingKindName, useTT } from "./names";

type Names = Map<string, string>;

export function Rounds(props: {
  games: leaderboards.TournamentGame[];
  byes: leaderboards.TournamentBye[];
  rulings: leaderboards.Ruling[];
  names: Names;
}) {
  const t = useT();
  const tt = useTT();
  const numbers = [...new Set([...props.games, ...props.byes].map((g) => g.round))].sort(
    (a, b) => b - a, // the latest round first
  );
  return (
    <section aria-labelledby="rounds-title">
      <h2 id="rounds-title">{t("tournament.rounds")}</h2>
      {numbers.length === 0 && <p>{tt("noRounds")}</p>}
      {numbers.map((round) => (
        <section key={round} aria-labelledby={`round-${round}`} data-testid={`round-${round}`}>
          <h3 id={`round-${round}`}>{t("tournament.round", { round })}</h3>
          <ul className="round-games">
            {props.games
              .filter((g) => g.round === round)
              .map((g) => (
                <GameLine
                  key={g.game}
                  game={g}
                  rulings={props.rulings.filter((r) => r.game === g.game)}
                  names={props.names}
                />
              ))}
            {props.byes
              .filter((b) => b.round === round)
              .map((b) => (
                <ByeLine key={b.playerId} bye={b} names={props.names} />
              ))}
          </ul>
        </section>
      ))}
    </section>
  );
}

function ByeLine({ bye, names }: { bye: leaderboards.TournamentBye; names: Names }) {
  const tt = useTT();
  return (
    <li data-testid="bye">
      {tt("bye", { player: names.get(bye.playerId) ?? "", points: bye.points })}
    </li>
  );
}

function GameLine(props: {
  game: leaderboards.TournamentGame;
  rulings: leaderboards.Ruling[];
  names: Names;
}) {
  const t = useT();
  const list = useNames();
  const { game: g, names } = props;
  const players = g.playerIds.map((p) => names.get(p) ?? "");
  const seats = players.map((name, s) => (g.results[s] ? `${name} ${g.results[s]}` : name));
  return (
    <li data-testid="tournament-game">
      <a href={gameHref(g.game)}>{list(players)}</a>
      {g.results.length > 0 && <span data-testid="results"> · {seats.join(", ")}</span>}
      <br />
      <span data-testid="outcome">
        <Outcome game={g} players={players} />
      </span>
      {props.rulings.length > 0 && (
        <ul className="rulings">
          {props.rulings.map((r, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rulings are an ordered record
            <li key={i}>
              <RulingWords ruling={r} names={names} />
            </li>
          ))}
        </ul>
      )}
      {g.state !== "finished" && g.state !== "forfeit" && (
        <span className="muted"> ({t("tournament.state", { state: g.state })})</span>
      )}
    </li>
  );
}

/** Who won (place 0), a draw (everyone first), or who won and lost a game not played by forfeit. */
function Outcome({ game: g, players }: { game: leaderboards.TournamentGame; players: string[] }) {
  const tt = useTT();
  const list = useNames();
  if (g.state === "forfeit") {
    const present = players.filter((_, s) => g.results[s] === "+");
    const absent = players.filter((_, s) => g.results[s] !== "+");
    return <>{tt("forfeitResult", { present: list(present), absent: list(absent) })}</>;
  }
  if (g.state !== "finished" || g.places.length === 0) return null;
  const winners = players.filter((_, s) => g.places[s] === 0);
  if (winners.length === players.length) return <>{tt("draw")}</>;
  return <>{tt("winner", { count: winners.length, winners: list(winners) })}</>;
}

function RulingWords({ ruling: r, names }: { ruling: leaderboards.Ruling; names: Names }) {
  const t = useT();
  const kind = RulingKindName(r.kind);
  return (
    <>
      {r.playerId
        ? t("tournament.rulingOf", {
            kind,
            player: names.get(r.playerId) ?? "",
            reason: r.reason,
            actor: r.actor,
          })
        : t("tournament.ruling", { kind, reason: r.reason, actor: r.actor })}
    </>
  );
}

/** Every ruling of the tournament, in the order recorded, with its reason and who ruled. */
export function Rulings(props: { rulings: leaderboards.Ruling[]; names: Names }) {
  const t = useT();
  if (props.rulings.length === 0) return null;
  return (
    <section aria-labelledby="rulings-title">
      <h2 id="rulings-title">{t("tournament.rulings")}</h2>
      <ul data-testid="rulings">
        {props.rulings.map((r, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rulings are an ordered record
          <li key={i}>
            <RulingWords ruling={r} names={props.names} />
          </li>
        ))}
      </ul>
    </section>
  );
}
