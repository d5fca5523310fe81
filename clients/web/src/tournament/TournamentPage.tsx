// A tournament: live standings with every tie-break, rounds and their games, rulings with reasons.
import { createClient, LeaderboardService, type leaderboards } from "@playledger/client";
import { useEffect, useState } from "react";
import { transport } from "../app/client";
import { gameHref } from "../app/route";
import { ErrorLine, messageOf } from "../game/ErrorLine";

const boards = createClient(LeaderboardService, transport);
const REFRESH_MS = 3000; // standings come from a read model; a short poll keeps them live

export function TournamentPage({ tournament }: { tournament: string }) {
  const [found, setFound] = useState<leaderboards.GetStandingsResponse>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    let stop = false;
    const load = async () => {
      try {
        const r = await boards.getStandings({ tournament });
        if (!stop) setFound(r);
      } catch (e) {
        if (!stop) setError(messageOf(e));
      }
    };
    void load();
    const timer = window.setInterval(() => void load(), REFRESH_MS);
    return () => {
      stop = true;
      window.clearInterval(timer);
    };
  }, [tournament]);
  if (!found?.tournament) return <ErrorLine error={error} />;
  const t = found.tournament;
  const rounds = new Map<number, leaderboards.TournamentGame[]>();
  for (const g of found.games) rounds.set(g.round, [...(rounds.get(g.round) ?? []), g]);
  const names = new Map(t.players.map((p) => [p.id, p.name || p.id]));
  return (
    <section className="tournament">
      <h1>{t.displayName}</h1>
      <p className="muted">
        {t.rules} · {t.pairing} · round {t.roundsPaired} of {t.rounds} · {t.status}
      </p>
      <ErrorLine error={error} />
      <h2>Standings</h2>
      <table data-testid="standings">
        <thead>
          <tr>
            <th scope="col">Rank</th>
            <th scope="col">Player</th>
            <th scope="col">Points</th>
            <th scope="col">Buchholz</th>
            <th scope="col">Wins</th>
            <th scope="col">Score</th>
            <th scope="col">Played</th>
          </tr>
        </thead>
        <tbody>
          {found.standings.map((s) => (
            <tr key={s.playerId} className={s.disqualified ? "disqualified" : ""}>
              <td>{s.rank}</td>
              <td>
                {s.player}
                {s.disqualified && <span className="tag">disqualified</span>}
              </td>
              <td>{s.points}</td>
              <td>{s.buchholz}</td>
              <td>{s.wins}</td>
              <td>{String(s.scoreSum)}</td>
              <td>{s.played}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>Rounds</h2>
      {[...rounds].map(([round, games]) => (
        <section key={round}>
          <h3>Round {round}</h3>
          <ul>
            {games.map((g) => (
              <li key={g.game}>
                <a href={gameHref(g.game)}>
                  {g.playerIds.map((p) => names.get(p) ?? p).join(" vs ")}
                </a>{" "}
                · {g.state}
              </li>
            ))}
          </ul>
        </section>
      ))}
      {found.rulings.length > 0 && (
        <>
          <h2>Rulings</h2>
          <ul>
            {found.rulings.map((r, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rulings are an ordered record
              <li key={i}>
                {String(r.kind)} {r.playerId && `of ${names.get(r.playerId) ?? r.playerId}`} in{" "}
                {r.game || "the tournament"}: {r.reason} ({r.actor})
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
