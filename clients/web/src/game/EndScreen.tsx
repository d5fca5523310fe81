// Who won and why: the game's own words for how it ended, placements, scores and the tie-break applied.
import type { Game } from "@playledger/client";
import type { ReactNode } from "react";
import { uiFor } from "../games/registry";
import { useGameText, useNames, useT } from "../i18n/text";
import { tournamentHref } from "../tournament/TournamentList";
import { SeatMark } from "./seatMarks";

/** `children`: what the page offers next (Play again, on a seat's page of a game in play). */
export function EndScreen({ game, children }: { game: Game; children?: ReactNode }) {
  const t = useT();
  const text = useGameText(game.rules);
  const names = useNames();
  const outcome = game.status.outcome;
  const order = game.players
    .map((name, seat) => ({
      name,
      seat,
      score: game.finalScores[seat],
      place: outcome?.placements[seat] ?? (game.winners.includes(seat) ? 1 : undefined),
    }))
    .sort((a, b) => (a.place ?? 99) - (b.place ?? 99) || (b.score ?? 0) - (a.score ?? 0));
  const words = game.view ? uiFor(game.rules).endWords?.(game.view, game) : undefined;
  // A ruling's winners are its placements' firsts (none when it annulled the game); the rules' otherwise.
  const firsts = outcome?.placements.flatMap((p, seat) => (p === 1 ? [seat] : [])) ?? [];
  const won = game.ruling ? (game.ruling.kind === "annulment" ? [] : firsts) : game.winners;
  const winners = won.map((s) => game.players[s] ?? "");
  const topScore = Math.max(...game.finalScores);
  const tiedAtTop = game.finalScores.filter((s) => s === topScore).length;
  return (
    <section className="end" aria-labelledby="result-title" data-testid="result">
      <h2 id="result-title">{t("end.title")}</h2>
      {game.ruling && <RulingWords game={game} />}
      <p>
        {words?.reason && !game.ruling ? `${text(words.reason.key, words.reason.values)} ` : ""}
        {winners.length === 0
          ? t("end.noWinner")
          : t("end.winners", { names: names(winners), count: winners.length })}
      </p>
      <table>
        <thead>
          <tr>
            <th scope="col">{t("end.place")}</th>
            <th scope="col">{t("end.player")}</th>
            <th scope="col">{t("end.score")}</th>
          </tr>
        </thead>
        <tbody>
          {order.map((p) => (
            <tr key={p.seat} className={won.includes(p.seat) ? "winner" : ""}>
              <td>{p.place ?? ""}</td>
              <td>
                <SeatMark seat={p.seat} /> {p.name}
                {won.includes(p.seat) && <span className="tag">{t("end.winner")}</span>}
              </td>
              <td>{p.score ?? ""}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {tiedAtTop > 1 && winners.length === 1 && words?.tieBreak && (
        <p className="muted">{text(words.tieBreak.key, words.tieBreak.values)}</p>
      )}
      {winners.length > 1 && <p className="muted">{t("end.shared")}</p>}
      {children}
    </section>
  );
}

/** An arbiter ended the game: the ruling in the tournament page's words, and a way to that tournament. */
function RulingWords({ game }: { game: Game }) {
  const t = useT();
  const names = useNames();
  const r = game.ruling;
  if (r === undefined) return null;
  const kind = ["forfeit", "annulment", "disqualification"].includes(r.kind) ? r.kind : "other";
  const player = names(r.seats.map((s) => game.players[s] ?? ""));
  return (
    <p data-testid="ruling">
      {r.seats.length > 0
        ? t("tournament.rulingOf", { kind, player, reason: r.reason, actor: r.actor })
        : t("tournament.ruling", { kind, reason: r.reason, actor: r.actor })}
      {r.tournament && (
        <>
          {" "}
          <a href={tournamentHref(r.tournament)}>{t("end.toTournament")}</a>
        </>
      )}
    </p>
  );
}
