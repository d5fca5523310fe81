// Step through a game version by version, forward and back (buttons, a slider, ← →), from any seat's view
// or the public one (a seat's own view of its own game at any time; every seat's once the game is over).
import { useEffect, useState } from "react";
import { gameHref } from "../../app/route";
import { held, tokenOf } from "../../app/seats";
import { uiFor } from "../../games/registry";
import { useGameText, useT } from "../../i18n/text";
import { Audit } from "../Audit";
import { EndScreen } from "../EndScreen";
import { ProblemLine } from "../ErrorLine";
import { describeEvent } from "../tableWords";
import { useEventContext } from "../useEventContext";
import { Stepper } from "./Stepper";
import { useReplay } from "./useReplay";

export function Replay(props: { game: string; seat?: number | undefined }) {
  const mine = props.seat ?? held(props.game).mine;
  const token = tokenOf(props.game, mine);
  const [version, setVersion] = useState<number>();
  const [viewer, setViewer] = useState<number | undefined>(token === undefined ? undefined : mine);
  const data = useReplay(props.game, token, version, viewer);
  const { latest, shown } = data;
  const t = useT();
  const text = useGameText(latest?.rules ?? "");
  const ctx = useEventContext(latest?.rules ?? "", latest?.players ?? [], viewer);
  const last = latest?.version ?? 1;
  useEffect(() => {
    if (latest && version === undefined) setVersion(latest.version);
  }, [latest, version]);
  useEffect(() => {
    const keys = (e: KeyboardEvent) => {
      if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
      if (e.key === "ArrowRight") setVersion((v) => Math.min(last, (v ?? last) + 1));
      if (e.key === "ArrowLeft") setVersion((v) => Math.max(1, (v ?? last) - 1));
    };
    window.addEventListener("keydown", keys);
    return () => window.removeEventListener("keydown", keys);
  }, [last]);
  if (!latest || version === undefined) return <ProblemLine problem={data.problem} players={[]} />;
  const ui = uiFor(latest.rules);
  const event = data.events.find((e) => e.version === version);
  return (
    <section className="replay" aria-labelledby="replay-title">
      <h1 id="replay-title">
        {t("replay.title", { game: text.has("title") ? text("title") : latest.rules })}{" "}
        <a href={gameHref(latest.name, mine)}>{t("replay.back")}</a>
      </h1>
      <ProblemLine problem={data.problem} players={latest.players} />
      <Stepper
        version={version}
        last={last}
        onStep={(to) => setVersion(Math.max(1, Math.min(last, to)))}
        viewer={viewer}
        onViewer={setViewer}
        players={latest.players}
        canSeeAll={latest.status.finished}
        mine={mine}
      />
      <p data-testid="replay-event">
        {event ? describeEvent(ui, event, ctx) : version === 1 ? t("replay.created") : ""}
      </p>
      <div className="board-area">
        {shown?.view && (
          <ui.Board
            view={shown.view}
            game={shown}
            seat={viewer}
            legal={[]}
            onCommand={() => {}}
            busy={true}
          />
        )}
      </div>
      {latest.status.finished && version === last && <EndScreen game={latest} />}
      <Audit game={latest} />
    </section>
  );
}
