// A tournament's rounds with their games, and the arbiter's rulings with their reasons.
import { gameHref } from "../app/route";
import { useNames, useT } from "../i18n/text";
import { type leaderboards, RulingKindName } from "./names";

export function Rounds(props: {
  games: leaderboards.TournamentGame[];
  names: Map<string, string>;
}) {
  const t = useT();
  const list = useNames();
  const rounds = new Map<number, leaderboards.TournamentGame[]>();
  for (const g of props.games) rounds.set(g.round, [...(rounds.get(g.round) ?? []), g]);
  return (
    <>
      <h2>{t("tournament.rounds")}</h2>
      {[...rounds].map(([round, games]) => (
        <section key={round} aria-labelledby={`round-${round}`}>
          <h3 id={`round-${round}`}>{t("tournament.round", { round })}</h3>
          <ul>
            {games.map((g) => (
              <li key={g.game}>
                <a href={gameHref(g.game)}>
                  {list(g.playerIds.map((p) => props.names.get(p) ?? p))}
                </a>{" "}
                · {t("tournament.state", { state: g.state })}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}

export function Rulings(props: { rulings: leaderboards.Ruling[]; names: Map<string, string> }) {
  const t = useT();
  if (props.rulings.length === 0) return null;
  return (
    <>
      <h2>{t("tournament.rulings")}</h2>
      <ul>
        {props.rulings.map((r, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rulings are an ordered record
          <li key={i}>
            {r.playerId
              ? t("tournament.rulingOf", {
                  kind: RulingKindName(r.kind),
                  player: props.names.get(r.playerId) ?? r.playerId,
                  reason: r.reason,
                  actor: r.actor,
                })
              : t("tournament.ruling", {
                  kind: RulingKindName(r.kind),
                  reason: r.reason,
                  actor: r.actor,
                })}
          </li>
        ))}
      </ul>
    </>
  );
}
