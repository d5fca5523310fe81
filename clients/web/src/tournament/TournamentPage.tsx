// A tournament: live standings with every tie-break, rounds and their games, rulings with reasons.
import { createClient, LeaderboardService, type leaderboards } from "@playledger/client";
import { useEffect, useState } from "react";
import { useIntl } from "react-intl";
import { transport } from "../app/client";
import { ProblemLine } from "../game/ErrorLine";
import { type Problem, problemOf } from "../game/errors";
import { gameText, useT } from "../i18n/text";
import { Rounds, Rulings } from "./Rounds";
import { Standings } from "./Standings";

const boards = createClient(LeaderboardService, transport);
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
  const names = new Map(tour.players.map((p) => [p.id, p.name || p.id]));
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
      <Standings standings={found.standings} />
      <Rounds games={found.games} names={names} />
      <Rulings rulings={found.rulings} names={names} />
    </section>
  );
}
