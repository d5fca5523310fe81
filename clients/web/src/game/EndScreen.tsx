// Who won and why: placements, scores and the tie rule the server applied.
import type { Game } from "@playledger/client";

export function EndScreen({ game }: { game: Game }) {
  const outcome = game.status.outcome;
  const order = game.players
    .map((name, seat) => ({
      name,
      seat,
      score: game.finalScores[seat],
      place: outcome?.placements[seat],
    }))
    .sort((a, b) => (a.place ?? 99) - (b.place ?? 99) || (b.score ?? 0) - (a.score ?? 0));
  return (
    <section className="end" aria-label="result" data-testid="result">
      <h2>Result</h2>
      {outcome?.reason && <p>{outcome.reason}</p>}
      <table>
        <thead>
          <tr>
            <th scope="col">Place</th>
            <th scope="col">Player</th>
            <th scope="col">Score</th>
          </tr>
        </thead>
        <tbody>
          {order.map((p) => (
            <tr key={p.seat} className={game.winners.includes(p.seat) ? "winner" : ""}>
              <td>{p.place ?? (game.winners.includes(p.seat) ? 1 : "")}</td>
              <td>
                {p.name}
                {game.winners.includes(p.seat) && <span className="tag">winner</span>}
              </td>
              <td>{p.score ?? ""}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {outcome?.tieRule && <p className="muted">Tie rule: {outcome.tieRule}</p>}
    </section>
  );
}
