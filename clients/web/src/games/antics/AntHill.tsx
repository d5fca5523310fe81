// A seat's ant-hill: its base and the tiles built on it, level by level, with its facts (score, height,
// ants, prey, leaves, tiles to build). On the seat's own turn the hexes it may place a marker on are
// buttons, and a Build shows where a tile may go: pick a tile of your supply, then the ghost hex for its
// first half, then the one for its second. One Tab stop for the hexes; the arrow keys cross them. A tile
// built since the page drew the hill pops in.
import type { LegalCommand } from "@playledger/client";
import { svgButtonProps, useRoving } from "../../a11y/roving";
import { useScrollsSideways } from "../../a11y/scrolling";
import { useNewKeys } from "../../game/motion";
import type { GameText } from "../../i18n/text";
import type { ViewOf } from "../types";
import { Drawn } from "./Drawn";
import { cellsOf } from "./places";
import { colorName, hexName, SEAT_COLOR, tileName, tokenName } from "./words";

type View = ViewOf<"antics">;
type Player = View["players"][number];

const HEX = 22;
const MIN_SCALE = 0.8; // of HEX: a hex is never drawn narrower than about 30 px
const BASE: [number, number][] = [
  [0, 0],
  [1, 0],
  [2, 0],
  [0, 1],
  [1, 1],
  [0, 2],
];
const SHADE = ["#e6dccb", "#fff8e1", "#ffe0b2", "#ffcc80", "#ffb74d", "#ffa726"];

const px = (q: number, r: number): [number, number] => [
  HEX * Math.sqrt(3) * (q + r / 2),
  HEX * 1.5 * r,
];
const corners = (x: number, y: number, size = HEX - 1) =>
  Array.from({ length: 6 }, (_, i) => {
    const a = ((60 * i - 30) * Math.PI) / 180;
    return `${x + size * Math.cos(a)},${y + size * Math.sin(a)}`;
  }).join(" ");

/** What the page's own ant-hill offers: marker hexes and the build under way. */
export interface HillPlay {
  uses: Map<string, LegalCommand>;
  builds: LegalCommand[];
  tile: number | undefined;
  first: string | undefined;
  onTile: (tile: number) => void;
  onGhost: (cell: string) => void;
  onCommand: (c: LegalCommand) => void;
  busy: boolean;
}

export function AntHill(props: {
  view: View;
  player: Player;
  seat: number;
  name: string;
  isMe: boolean;
  text: GameText;
  play: HillPlay | undefined;
}) {
  const { view, player, seat, name, isMe, text, play } = props;
  return (
    <section
      className={`an-hill${isMe ? " an-me" : ""}`}
      style={{ borderColor: SEAT_COLOR[seat] }}
      aria-label={text("hill.title", {
        name,
        color: colorName(seat, text),
        you: isMe ? "yes" : "no",
      })}
    >
      <h3 style={{ color: SEAT_COLOR[seat] }}>
        {text("hill.title", { name, color: colorName(seat, text), you: isMe ? "yes" : "no" })}
      </h3>
      <p className="an-facts">
        {text("hill.facts", {
          score: player.score,
          height: player.height,
          ants: player.ants_in_supply,
          tiles: player.tile_supply.length,
        })}
        <br />
        {player.prey.length > 0
          ? text("hill.prey", { prey: player.prey.map((p) => tokenName(p, text)).join(", ") })
          : text("hill.noPrey")}{" "}
        · {text("hill.leaves", { brown: player.brown_leaves, green: player.green_leaves })}
      </p>
      {play && <Supply view={view} player={player} play={play} text={text} />}
      <Cells view={view} player={player} name={name} text={text} play={play} />
    </section>
  );
}

/** The tiles the seat may build: during a Build each one that fits somewhere is a button. */
function Supply(props: { view: View; player: Player; play: HillPlay; text: GameText }) {
  const { view, player, play, text } = props;
  const buildable = new Set(play.builds.map((c) => Number(c.args.tile)));
  if (buildable.size === 0) return null;
  return (
    <div className="an-supply">
      <span>{text("supply.title")}:</span>
      {[...new Set(player.tile_supply)].map((tile) => (
        <button
          key={tile}
          type="button"
          className="an-chip clickable"
          aria-pressed={play.tile === tile}
          disabled={!buildable.has(tile)}
          aria-disabled={play.busy || undefined}
          onClick={() => !play.busy && play.onTile(tile)}
        >
          {tileName(tile, view, text)}
        </button>
      ))}
    </div>
  );
}

interface Ghost {
  cell: string;
  hex: string;
  level: number;
}

/** The ghost hexes of the build under way: first halves, or the second halves beside the chosen first. */
function ghosts(view: View, player: Player, play: HillPlay | undefined): Ghost[] {
  if (!play || play.tile === undefined) return [];
  const hexes = view.tiles[String(play.tile)] ?? [];
  const mine = play.builds.filter((c) => Number(c.args.tile) === play.tile);
  const level = (cell: string) => {
    const [q, r] = cell.split(",").map(Number);
    return (
      1 + Math.max(0, ...player.cells.filter((c) => c.q === q && c.r === r).map((c) => c.level))
    );
  };
  const cells =
    play.first === undefined
      ? mine.map((c) => cellsOf(c)[0])
      : mine.filter((c) => cellsOf(c)[0] === play.first).map((c) => cellsOf(c)[1]);
  const half = play.first === undefined ? 0 : 1;
  return [...new Set(cells)].map((cell) => ({
    cell,
    hex: String(hexes[half] ?? ""),
    level: level(cell),
  }));
}

function Cells(props: {
  view: View;
  player: Player;
  name: string;
  text: GameText;
  play: HillPlay | undefined;
}) {
  const { view, player, name, text, play } = props;
  const top = new Map<string, Player["cells"][number]>();
  for (const c of player.cells) {
    const k = `${c.q},${c.r}`;
    if ((top.get(k)?.level ?? 0) < c.level) top.set(k, c);
  }
  const ghostCells = ghosts(view, player, play);
  const used = new Set(view.used_hexes.map(([q, r]) => `${q},${r}`));
  const uses = play ? [...play.uses.keys()] : [];
  const keys = [...uses, ...ghostCells.map((g) => `ghost:${g.cell}`)];
  const roving = useRoving(keys);
  const [box, scrolls] = useScrollsSideways<HTMLDivElement>();
  const built = useNewKeys([...top.entries()].map(([k, c]) => `${k}@${c.level}`)); // tiles built since
  const all = [
    ...BASE.map(([q, r]) => `${q},${r}`),
    ...top.keys(),
    ...ghostCells.map((g) => g.cell),
  ].map((k) => k.split(",").map(Number) as [number, number]);
  const points = all.map(([q, r]) => px(q, r));
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const [minX, minY] = [Math.min(...xs) - HEX, Math.min(...ys) - HEX];
  const [w, h] = [Math.max(...xs) + HEX - minX, Math.max(...ys) + HEX - minY];
  // A hill built out in a long line is drawn no smaller than MIN_SCALE (its hexes stay readable) and
  // scrolls sideways in its panel; then it is a Tab stop of its own, so a keyboard can scroll it too.
  return (
    <div
      className="an-scroll"
      ref={box}
      {...(scrolls
        ? { tabIndex: 0, role: "region", "aria-label": text("hill.cells", { name }) }
        : {})}
    >
      {/* biome-ignore lint/a11y/useSemanticElements: a drawing that holds buttons is a group, not a fieldset */}
      <svg
        viewBox={`${minX} ${minY} ${w} ${h}`}
        className="an-cells"
        role="group"
        aria-label={text("hill.cells", { name })}
        style={{ width: Math.min(340, w * 1.1), minWidth: w * MIN_SCALE }}
      >
        {BASE.filter(([q, r]) => !top.has(`${q},${r}`)).map(([q, r]) => {
          const [x, y] = px(q, r);
          return (
            <polygon key={`b${q},${r}`} points={corners(x, y)} fill={SHADE[0]} stroke="#6d4c41" />
          );
        })}
        {[...top.entries()].map(([k, c]) => (
          <BuiltHex
            key={k}
            cell={c}
            fresh={built.has(`${k}@${c.level}`)}
            use={play?.uses.get(k)}
            used={used.has(k) && play !== undefined}
            play={play}
            text={text}
            roving={roving}
          />
        ))}
        {play &&
          ghostCells.map((g) => (
            <GhostHex key={`ghost:${g.cell}`} ghost={g} play={play} text={text} roving={roving} />
          ))}
      </svg>
    </div>
  );
}

function BuiltHex(props: {
  cell: Player["cells"][number];
  fresh: boolean;
  use: LegalCommand | undefined;
  used: boolean;
  play: HillPlay | undefined;
  text: GameText;
  roving: ReturnType<typeof useRoving>;
}) {
  const { cell: c, use, used, play, text } = props;
  const [x, y] = px(c.q, c.r);
  const k = `${c.q},${c.r}`;
  const words = text("hex.cell", {
    hex: hexName(c.hex, text),
    level: c.level,
    used: used ? "yes" : "no",
  });
  const body = (
    <g className={props.fresh ? "an-arrived" : undefined}>
      <polygon
        points={corners(x, y)}
        fill={SHADE[c.level] ?? SHADE[5]}
        stroke={use ? "#0b57d0" : "#6d4c41"}
        strokeWidth={use ? 3 : 1}
      />
      <Drawn
        x={x}
        y={y - 2}
        y2={y + 10}
        className="an-hex-name"
        first={hexName(c.hex, text)}
        second={`${text("hex.level", { level: c.level })}${used ? " ●" : ""}`}
      />
    </g>
  );
  if (!use || !play)
    return (
      // biome-ignore lint/a11y/noInteractiveElementToNoninteractiveRole: an SVG <g> is no control; this one is a picture with words
      <g role="img" aria-label={words}>
        {body}
      </g>
    );
  const act = () => !play.busy && play.onCommand(use);
  return (
    <g
      className="an-hex clickable"
      data-hex={k}
      data-kind={c.hex}
      aria-label={words}
      aria-disabled={play.busy || undefined}
      {...svgButtonProps(props.roving(k), act)}
    >
      {body}
    </g>
  );
}

function GhostHex(props: {
  ghost: Ghost;
  play: HillPlay;
  text: GameText;
  roving: ReturnType<typeof useRoving>;
}) {
  const { ghost, play, text } = props;
  const [q, r] = ghost.cell.split(",").map(Number) as [number, number];
  const [x, y] = px(q, r);
  const key = `ghost:${ghost.cell}`;
  const act = () => !play.busy && play.onGhost(ghost.cell);
  return (
    <g
      className="an-ghost clickable"
      data-ghost={ghost.cell}
      data-half={play.first === undefined ? 1 : 2}
      aria-label={text(play.first === undefined ? "build.first" : "build.second", {
        hex: hexName(ghost.hex, text),
        level: ghost.level,
      })}
      aria-disabled={play.busy || undefined}
      {...svgButtonProps(props.roving(key), act)}
    >
      <polygon
        points={corners(x, y, HEX - 3)}
        fill="#e3f2fd"
        fillOpacity={0.85}
        stroke="#0b57d0"
        strokeWidth={2}
        strokeDasharray="4 3"
      />
      <Drawn
        x={x}
        y={y - 2}
        y2={y + 10}
        className="an-hex-name"
        first={hexName(ghost.hex, text)}
        second={text("hex.level", { level: ghost.level })}
      />
    </g>
  );
}
