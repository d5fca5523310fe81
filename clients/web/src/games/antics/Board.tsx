// Antics! drawn: where the turn stands, the display with its anteaters, the meadow with its paths, sites
// and ants, the hatcheries, and every ant-hill with its levels. Every legal command is a press where it
// belongs: a marker on a hex of your ant-hill, a tile of the display, a ghost hex of a Build, a hatchery,
// a path or a site of the meadow, the magnificANT's actions and the turn's buttons; a place with several
// moves asks which. By keyboard each part is one Tab stop crossed with the arrow keys; Escape cancels.
import type { LegalCommand } from "@playledger/client";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useEscape } from "../../a11y/keyboard";
import { useKeepFocus } from "../../a11y/roving";
import { type GameText, useGameText } from "../../i18n/text";
import type { BoardProps, ViewOf } from "../types";
import { AntHill, type HillPlay } from "./AntHill";
import { Display } from "./Display";
import { FinalScores } from "./FinalScores";
import { Hatcheries } from "./Hatcheries";
import { Meadow } from "./Meadow";
import { byPlace, cellsOf } from "./places";
import { type Choice, Status, TurnBar } from "./Turn";
import { hatcheryName, pathName, RULES, rememberView, siteName } from "./words";
import "./antics.css";

type View = ViewOf<"antics">;

interface Build {
  tile: number | undefined;
  first: string | undefined;
}

export function Board({ view, game, seat, legal, onCommand, busy }: BoardProps<View>) {
  const text = useGameText(RULES);
  rememberView(view);
  const root = useRef<HTMLDivElement>(null);
  const home = useRef<HTMLElement>(null);
  useKeepFocus(root, home, legal.length > 0);
  const places = useMemo(() => byPlace(legal), [legal]);
  const builds = useMemo(() => legal.filter((c) => c.commandType === "build_tile"), [legal]);
  const { choice, setChoice, build, setBuild, cancel } = useSteps(view);
  const send = (c: LegalCommand) => {
    setChoice(undefined);
    onCommand(c);
  };
  const onPlace = (place: string, commands: LegalCommand[]) => {
    if (commands.length === 1 && commands[0]) send(commands[0]);
    else setChoice({ place, title: "", commands, from: document.activeElement });
  };
  const play = hillPlay(places, builds, build, setBuild, send, busy);
  return (
    <div
      className="an-board"
      ref={root}
      data-phase={view.phase}
      data-action={view.pending?.action ?? ""}
    >
      <Status view={view} players={game.players} text={text} />
      {view.final_scores && (
        <FinalScores
          view={view}
          players={game.players}
          placements={game.status.outcome?.placements}
          text={text}
        />
      )}
      <TurnBar
        view={view}
        legal={legal}
        players={game.players}
        text={text}
        busy={busy}
        choice={choice && { ...choice, title: placeTitle(choice.place, view, text) }}
        building={builds.length > 0}
        onCommand={send}
        onCancel={cancel}
        home={home}
      />
      <div className="an-top">
        <Display view={view} scouts={scouts(places)} busy={busy} onCommand={send} text={text} />
        <Hatcheries view={view} text={text} places={places} onPlace={onPlace} busy={busy} />
      </div>
      <div className="an-middle">
        <Meadow view={view} text={text} play={{ places, onPlace, busy }} />
        <Hills view={view} names={game.players} seat={seat} text={text} play={play} />
      </div>
    </div>
  );
}

/** Every ant-hill, this page's first. */
function Hills(props: {
  view: View;
  names: string[];
  seat: number | undefined;
  text: GameText;
  play: HillPlay;
}) {
  const { view, names, seat, text, play } = props;
  const n = view.players.length;
  const order = Array.from({ length: n }, (_, i) => ((seat ?? 0) + i) % n);
  return (
    <div className="an-hills">
      {order.map((s) => {
        const p = view.players[s];
        if (!p) return null;
        return (
          <AntHill
            key={s}
            view={view}
            player={p}
            seat={s}
            name={names[s] ?? ""}
            isMe={s === seat}
            text={text}
            play={s === seat ? play : undefined}
          />
        );
      })}
    </div>
  );
}

/** A choice asked or a build under way: both end with a new view, or on Escape. */
function useSteps(view: View) {
  const [choice, setChoice] = useState<Choice>();
  const [build, setBuild] = useState<Build>({ tile: undefined, first: undefined });
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the view changes
  useEffect(() => {
    setChoice(undefined);
    setBuild({ tile: undefined, first: undefined });
  }, [view]);
  const cancel = useCallback(() => {
    const from = choice?.from;
    setChoice(undefined);
    setBuild((b) => ({ ...b, first: undefined }));
    if (from instanceof HTMLElement || from instanceof SVGElement) from.focus();
  }, [choice]);
  useEscape(cancel, choice !== undefined || build.first !== undefined);
  return { choice, setChoice, build, setBuild, cancel };
}

function scouts(places: Map<string, LegalCommand[]>): Map<string, LegalCommand> {
  const out = new Map<string, LegalCommand>();
  for (const [place, commands] of places)
    if (place.startsWith("tile:") && commands[0]) out.set(place.slice(5), commands[0]);
  return out;
}

/** What a place with several moves asks: "Grass path 13: what now?". */
function placeTitle(place: string, view: View, text: GameText): string {
  const [kind, id] = place.split(":");
  const where =
    kind === "path"
      ? pathName(id, text)
      : kind === "site"
        ? siteName(id, view, text)
        : hatcheryName(id, text);
  return text("choices.title", { place: where });
}

function hillPlay(
  places: Map<string, LegalCommand[]>,
  builds: LegalCommand[],
  build: Build,
  setBuild: (b: Build) => void,
  send: (c: LegalCommand) => void,
  busy: boolean,
): HillPlay {
  const tiles = [...new Set(builds.map((c) => Number(c.args.tile)))];
  const only = tiles.length === 1 ? tiles[0] : undefined; // one tile to build: chosen already
  const tile = build.tile ?? only;
  const uses = new Map<string, LegalCommand>();
  for (const [place, commands] of places)
    if (place.startsWith("hex:") && commands[0]) uses.set(place.slice(4), commands[0]);
  return {
    uses,
    builds,
    tile,
    first: build.first,
    busy,
    onCommand: send,
    onTile: (tile) => setBuild({ tile, first: undefined }),
    onGhost: (cell) => {
      const mine = builds.filter((c) => Number(c.args.tile) === tile);
      if (build.first === undefined) {
        const from = mine.filter((c) => cellsOf(c)[0] === cell);
        if (from.length === 1 && from[0]) send(from[0]);
        else setBuild({ tile, first: cell });
        return;
      }
      const done = mine.find((c) => cellsOf(c)[0] === build.first && cellsOf(c)[1] === cell);
      if (done) send(done);
    },
  };
}
