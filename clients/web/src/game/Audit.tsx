// A finished game's audit, from the page: the server re-runs the game from its record (VerifyGame is open to
// anyone once a game is over) and says whether it holds; the record itself downloads for an offline check
// with `playledger-replay verify --record FILE`, which needs nothing from this server.
import { AuditService, type audit, createClient, type Game } from "@playledger/client";
import { useState } from "react";
import { transport } from "../app/client";
import { useT } from "../i18n/text";
import { ProblemLine } from "./ErrorLine";
import { type Problem, problemOf } from "./errors";

const auditor = createClient(AuditService, transport);

async function downloadRecord(game: Game): Promise<void> {
  const lines: string[] = [];
  for await (const part of auditor.exportGame({ name: game.name })) lines.push(...part.lines);
  const url = URL.createObjectURL(
    new Blob([`${lines.join("\n")}\n`], { type: "application/jsonl" }),
  );
  const link = document.createElement("a");
  link.href = url;
  link.download = `${game.name.replace(/^games\//, "")}.jsonl`;
  link.click();
  URL.revokeObjectURL(url);
}

export function Audit({ game }: { game: Game }) {
  const t = useT();
  const [verdict, setVerdict] = useState<audit.VerifyGameResponse>();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem>();
  if (!game.status.finished) return null;
  const id = game.name.replace(/^games\//, "");
  const attempt = async (work: () => Promise<void>) => {
    setProblem(undefined);
    try {
      await work();
    } catch (caught) {
      setProblem(problemOf(caught));
    }
  };
  const check = async () => {
    setBusy(true);
    await attempt(async () => setVerdict(await auditor.verifyGame({ name: game.name })));
    setBusy(false);
  };
  return (
    <section className="audit" aria-labelledby="audit-title">
      <h2 id="audit-title">{t("audit.title")}</h2>
      <p>
        {t("audit.seed")} <code>{game.seedHex.slice(0, 16)}…</code> · {t("audit.commitment")}{" "}
        <code>{game.seedCommitment.slice(0, 16)}…</code> · {t("audit.lastHash")}{" "}
        <code>{game.lastHash.slice(0, 16)}…</code>
      </p>
      <p className="actions">
        <button type="button" onClick={() => void check()} disabled={busy}>
          {busy ? t("audit.checking") : t("audit.check")}
        </button>
        <button type="button" onClick={() => void attempt(() => downloadRecord(game))}>
          {t("audit.download")}
        </button>
      </p>
      <ProblemLine problem={problem} players={game.players} />
      {verdict && <Verdict verdict={verdict} />}
      <p className="muted">{t("audit.yourself")}</p>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls sideways must be reachable by keyboard */}
      <pre className="command" data-scrolls tabIndex={0}>
        <code>playledger-replay verify --record {id}.jsonl</code>
      </pre>
    </section>
  );
}

function Verdict({ verdict }: { verdict: audit.VerifyGameResponse }) {
  const t = useT();
  if (verdict.ok) {
    return (
      <p className="verdict ok" data-testid="verdict">
        <span aria-hidden="true">✓</span>{" "}
        {t("audit.holds", {
          events: Number(verdict.events),
          version: verdict.rulesVersion,
          scores: verdict.finalScores.map(String).join(", "),
        })}
      </p>
    );
  }
  return (
    <div className="verdict diverges" data-testid="verdict">
      <p>
        <span aria-hidden="true">✗</span> {t("audit.diverges")}
      </p>
      <ul>
        {verdict.findings.map((f) => (
          <li key={`${f.version}:${f.message}`} lang="en">
            {t("audit.finding", { version: Number(f.version) })} {f.message}
          </li>
        ))}
      </ul>
    </div>
  );
}
