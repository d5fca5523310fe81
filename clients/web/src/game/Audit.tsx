// A finished game's audit, from the page: the server re-runs the game from its record (VerifyGame is open to
// anyone once a game is over) and says whether it holds; the record itself downloads for an offline check
// with `playledger-replay verify --record FILE`, which needs nothing from this server.
import { AuditService, type audit, createClient, type Game } from "@playledger/client";
import { useState } from "react";
import { transport } from "../app/client";
import { messageOf } from "./ErrorLine";

const auditor = createClient(AuditService, transport);

export function Audit({ game }: { game: Game }) {
  const [verdict, setVerdict] = useState<audit.VerifyGameResponse>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  if (!game.status.finished) return null;
  const id = game.name.replace(/^games\//, "");

  const check = async () => {
    setBusy(true);
    setError(undefined);
    try {
      setVerdict(await auditor.verifyGame({ name: game.name }));
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      setBusy(false);
    }
  };
  const download = async () => {
    setError(undefined);
    try {
      const lines: string[] = [];
      for await (const part of auditor.exportGame({ name: game.name })) lines.push(...part.lines);
      const url = URL.createObjectURL(
        new Blob([`${lines.join("\n")}\n`], { type: "application/jsonl" }),
      );
      const link = document.createElement("a");
      link.href = url;
      link.download = `${id}.jsonl`;
      link.click();
      URL.revokeObjectURL(url);
    } catch (caught) {
      setError(messageOf(caught));
    }
  };

  return (
    <section className="audit" aria-label="audit">
      <h2>Audit</h2>
      <p>
        Seed <code>{game.seedHex.slice(0, 16)}…</code> (its commitment, public from the start:{" "}
        <code>{game.seedCommitment.slice(0, 16)}…</code>), last link of the hash chain{" "}
        <code>{game.lastHash.slice(0, 16)}…</code>.
      </p>
      <p className="actions">
        <button type="button" onClick={() => void check()} disabled={busy}>
          {busy ? "Re-running…" : "Re-run the game from its record"}
        </button>
        <button type="button" onClick={() => void download()}>
          Download the record
        </button>
      </p>
      {verdict && <Verdict verdict={verdict} />}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <p className="muted">
        Check it yourself, without this server:{" "}
        <code>playledger-replay verify --record {id}.jsonl</code>
      </p>
    </section>
  );
}

function Verdict({ verdict }: { verdict: audit.VerifyGameResponse }) {
  if (verdict.ok) {
    return (
      <p className="verdict ok" data-testid="verdict">
        ✓ The record holds: {String(verdict.events)} events re-run under {verdict.rules} rules v
        {verdict.rulesVersion}; every shuffle came from the seed its commitment promised, every link
        of the hash chain holds, and the rules give the recorded result (scores{" "}
        {verdict.finalScores.map(String).join(", ")}).
      </p>
    );
  }
  return (
    <div className="verdict diverges" data-testid="verdict">
      <p>✗ The record diverges from what the rules produce:</p>
      <ul>
        {verdict.findings.map((f) => (
          <li key={`${f.version}:${f.message}`}>
            at version {String(f.version)}: {f.message}
          </li>
        ))}
      </ul>
    </div>
  );
}
