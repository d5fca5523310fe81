// A tournament: your table this round (when this browser holds a seat of one of its games), live
// standings with the tie-breaks in order, rounds and their games with who won, rulings with reasons.
import { createClient, LeaderboardService, type leaderboards } from "@playledger/client";
import { useEffect, useState } from "react";
import { useIntl } from "react-intl";
import { transport } from "../app/client";
import { gameHref } from "../app/route";
import { held } from "../app/seats";
import { ProblemLine } from "../game/ErrorLine";
import { type Problem, problemOf } from "../game/errors";
import { gameText, useNames, useT } from "../i18n/text";
import { namesOf, useTT } from "./names";
import { Rounds, Rulings } from "./Rounds";
import { Standings } from "./Standings";

export const boards = createClient(LeaderboardService, transport);
const REFRESH_MS = 3000; // standings come from a read model; a short poll keeps them live

function useStandings(tournament: string) {
  const [found, setFound] = useState<leaderboards.GetStandingsResponse>();
  const [problem, setProblem] = useState<Problem>();
  useEffect(() => {
    let stop = false;
    const load = async () => {
      try {
        const r = await boards.getStandings({ tournament });
        if (!stop) {
          setFound(r);
          setProblem(undefined);
        }
      } catch (e) {
        if (!stop) setProblem(problemOf(e));
      }
    };
    void load();
    const timer = window.setInterval(() => void load(), REFRESH_MS);
    return () => {
      stop = true;
      window.clearInterval(timer);
    };
  }, [tournament]);
  return { found, problem };
}

export function TournamentPage({ tournament }: { tournament: string }) {
  const t = useT();
  const intl = useIntl();
  const { found, problem } = useStandings(tournament);
  if (!found?.tournament) return <ProblemLine problem={problem} players={[]} />;
  const tour = found.tournament;
  const names = namesOf(tour);
  return (
    <section className="tournament" aria-labelledby="tournament-title">
      <h1 id="tournament-title">{tour.displayName}</h1>
      <p className="muted">
        {t("tournament.summary", {
          game: gameText(intl, tour.rules)("title"),
          pairing: tour.pairing,
          round: tour.roundsPaired,
          rounds: tour.rounds,
          status: String(tour.status),
        })}
      </p>
      <ProblemLine problem={problem} players={[]} />
      <YourTable games={found.games.filter((g) => g.round === tour.roundsPaired)} names={names} />
      <Standings standings={found.standings} tiebreaks={tour.tiebreaks} />
      <Rounds games={found.games} byes={found.byes} rulings={found.rulings} names={names} />
      <Rulings rulings={found.rulings} names={names} />
    </section>
  );
}

/** The seat this browser holds in a game (its own one if marked, else the first it has a token of). */
function seatHeld(game: string): number | undefined {
  const h = held(game);
  if (h.mine !== undefined && h.tokens[String(h.mine)] !== undefined) return h.mine;
  const first = Object.keys(h.tokens)[0];
  return first === undefined ? undefined : Number(first);
}

/** The games of the current round this browser holds a seat token of, each with a link to play it. */
function YourTable(props: { games: leaderboards.TournamentGame[]; names: Map<string, string> }) {
  const tt = useTT();
  const list = useNames();
  const mine = props.games.flatMap((g) => {
    const seat = seatHeld(g.game);
    return seat === undefined ? [] : [{ game: g, seat }];
  });
  if (mine.length === 0) return null;
  return (
    <section aria-labelledby="your-table" className="your-table" data-testid="your-table">
      <h2 id="your-table">{tt("yourTable")}</h2>
      <ul>
        {mine.map(({ game: g, seat }) => (
          <li key={g.game}>
            <a href={gameHref(g.game, seat)}>
              {tt("yourTableLink", {
                finished: g.state === "playing" ? "no" : "yes",
                players: list(g.playerIds.map((p) => props.names.get(p) ?? "")),
              })}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
