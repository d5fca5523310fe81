// A problem in words, where it happened: a line in the page's flow (the lobby puts it beside the button
// that caused it). The game page anchors its refusals to the clicked element instead (ProblemNote).
import { useIntl } from "react-intl";
import { gameText, type T, useT } from "../i18n/text";
import type { Problem } from "./errors";

export function useProblemWords(): (problem: Problem, players: string[]) => string {
  const intl = useIntl();
  const t = useT();
  return (problem, players) =>
    problemWords(
      problem,
      players,
      t,
      (rules, key, values) => gameText(intl, rules)(key, values),
      (names) => intl.formatList(names, { type: "conjunction" }),
    );
}

export function problemWords(
  problem: Problem,
  players: string[],
  t: T,
  game: (rules: string, key: string, values: Record<string, string | number>) => string,
  list: (names: string[]) => string,
  secondsLeft?: number,
): string {
  const names = list((problem.toAct ?? []).map((s) => players[s] ?? "").filter(Boolean));
  const values = { names, waiting: names ? "yes" : "no", seconds: secondsLeft ?? 0 };
  const said =
    "game" in problem.text
      ? game(problem.text.game, problem.text.key, values)
      : t(problem.text.key, { ...values, ...problem.text.values });
  return problem.detail ? t("error.withDetail", { said, detail: problem.detail }) : said;
}

export function ProblemLine({
  problem,
  players,
}: {
  problem: Problem | undefined;
  players: string[];
}) {
  const words = useProblemWords();
  if (!problem) return null;
  return (
    <p className="error" role="alert">
      {words(problem, players)}
    </p>
  );
}
