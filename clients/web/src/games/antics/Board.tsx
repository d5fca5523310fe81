// The meadow (paths, sites, ants and what they carry), the display with its anteaters, the hatcheries
// and every ant-hill with its levels. Scouting a tile and placing a marker on a hex are clicks on the
// board; every other move is in the list of moves below it.
import type { JsonObject, JsonValue, LegalCommand } from "@playledger/client";
import type { BoardProps } from "../registry";
import { label, name, SEAT_COLOR, SEAT_NAME, SEGMENTS, TERRAIN_COLOR } from "./words";

function list(value: JsonValue | undefined): JsonValue[] {
  return Array.isArray(value) ? value : [];
}
function record(value: JsonValue | undefined): JsonObject {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? value : {};
}

const C = 210;
function polar(radius: number, degrees: number): [number, number] {
  const a = (degrees * Math.PI) / 180;
  return [C + radius * Math.cos(a), C + radius * Math.sin(a)];
}
/** Where each node of the meadow is drawn. */
const NODES: Record<string, [number, number]> = { NEST: [C, C] };
for (let k = 1; k <= 6; k++) {
  const angle = (k - 1) * 60 - 90;
  NODES[`I${k}`] = polar(70, angle);
  NODES[`O${k}`] = polar(135, angle);
  NODES[`P${k}`] = polar(195, angle);
  if (k <= 5) {
    NODES[`LB${k}`] = polar(100, angle + 30); // beside I_k
    NODES[`LG${k}`] = polar(180, angle + 60 + 22); // beside O_(k+1)
  }
}

const TOKEN_SHORT: Record<string, string> = {
  BEETLE: "Beetle",
  BUTTERFLY: "Butterfly",
  GRASSHOPPER: "Grasshopper",
  LADYBIRD: "Ladybird",
  CATERPILLAR: "Caterpillar",
  DRAGONFLY: "Dragonfly",
  BROWN_LEAF: "brown leaf",
  GREEN_LEAF: "green leaf",
};

function Clickable({
  command,
  busy,
  onCommand,
  children,
  className,
}: {
  command: LegalCommand | undefined;
  busy: boolean;
  onCommand: (c: LegalCommand) => void;
  children: React.ReactNode;
  className?: string;
}) {
  if (!command)
    return (
      <div className={className} style={CELL}>
        {children}
      </div>
    );
  return (
    <button
      type="button"
      className={`${className ?? ""} clickable`}
      style={{ ...CELL, cursor: "pointer", outline: "3px solid #1e88e5" }}
      disabled={busy}
      aria-label={label(command)}
      onClick={() => onCommand(command)}
    >
      {children}
    </button>
  );
}

const CELL: React.CSSProperties = {
  minWidth: 40,
  overflowWrap: "anywhere",
  minHeight: 40,
  padding: "2px 4px",
  border: "1px solid #999",
  borderRadius: 6,
  background: "#fffdf5",
  color: "#222",
  fontSize: 12,
  lineHeight: 1.2,
  textAlign: "center",
};

function Display({ view, legal, busy, onCommand }: BoardProps) {
  const tiles = record(view.tiles);
  const rows = list(view.display).map(record);
  const hexes = (id: JsonValue) =>
    list(tiles[String(id)])
      .map((h) => name(h))
      .join(" / ");
  return (
    <section className="antics-display" aria-label="the display">
      <h3>
        Display · bag {String(view.bag_size)} tiles · next anteater meal: {name(view.next_meal)}
      </h3>
      <div
        style={{
          display: "grid",
          gridTemplateColumns: "auto repeat(6, minmax(40px, 1fr))",
          gap: 4,
        }}
      >
        <span />
        {[1, 2, 3, 4, 5, 6].map((c) => (
          <span key={c} style={{ textAlign: "center", fontSize: 12 }}>
            col {c}
          </span>
        ))}
        {rows.map((row, r) => {
          const rowNo = r + 1;
          const anteater = Number(row.anteater);
          const slots = list(row.tiles);
          return [
            <span key={`h${rowNo}`} style={{ fontSize: 12, alignSelf: "center" }}>
              row {rowNo}
            </span>,
            ...[1, 2, 3, 4, 5, 6].map((col) => {
              const tile = slots[col - 1];
              const scout = legal.find(
                (c) =>
                  c.commandType === "scout_tile" && c.args.row === rowNo && c.args.column === col,
              );
              if (col === anteater)
                return (
                  <div key={col} style={{ ...CELL, background: "#5d4037", color: "#fff" }}>
                    Anteater
                  </div>
                );
              return (
                <Clickable key={col} command={scout} busy={busy} onCommand={onCommand}>
                  {tile === null || tile === undefined ? "·" : hexes(tile)}
                </Clickable>
              );
            }),
          ];
        })}
      </div>
    </section>
  );
}

function Meadow({ view }: { view: JsonObject }) {
  const paths = record(view.paths);
  const sites = record(view.sites);
  return (
    <svg
      viewBox="0 0 420 420"
      role="img"
      aria-label="the meadow"
      style={{ maxWidth: 460, width: "100%" }}
    >
      <rect x={0} y={0} width={420} height={420} rx={16} fill="#eef5e4" />
      {SEGMENTS.map(([id, a, b, terrain]) => {
        const [x1, y1] = NODES[a] ?? [C, C];
        const [x2, y2] = NODES[b] ?? [C, C];
        const ants = list(paths[id]).map(record);
        const mx = (x1 + x2) / 2;
        const my = (y1 + y2) / 2;
        return (
          <g key={id}>
            <line
              x1={x1}
              y1={y1}
              x2={x2}
              y2={y2}
              stroke={terrain ? TERRAIN_COLOR[terrain] : "#444"}
              strokeWidth={terrain ? 6 : 3}
              strokeDasharray={terrain ? undefined : "6 4"}
            >
              <title>{`${id}: ${terrain ? name(terrain) : "bridge (soldiers only)"}`}</title>
            </line>
            <text x={mx} y={my - 4} fontSize={8} textAnchor="middle" fill="#333">
              {id}
            </text>
            {ants.map((ant, i) => (
              <g key={String(ant.seat)}>
                <circle
                  cx={mx + (i - (ants.length - 1) / 2) * 11}
                  cy={my + 5}
                  r={5}
                  fill={SEAT_COLOR[Number(ant.seat)] ?? "#000"}
                  stroke={ant.soldier ? "#000" : "#fff"}
                  strokeWidth={ant.soldier ? 2 : 1}
                >
                  <title>{`${SEAT_NAME[Number(ant.seat)]} ${ant.soldier ? "soldier" : "ant"}${ant.carrying ? ` carrying a ${TOKEN_SHORT[String(ant.carrying)]}` : ""}`}</title>
                </circle>
                {ant.carrying !== null && ant.carrying !== undefined && (
                  <text
                    x={mx + (i - (ants.length - 1) / 2) * 11}
                    y={my + 18}
                    fontSize={8}
                    textAnchor="middle"
                    fill="#000"
                  >
                    {TOKEN_SHORT[String(ant.carrying)] ?? String(ant.carrying)}
                  </text>
                )}
              </g>
            ))}
          </g>
        );
      })}
      {Object.entries(NODES).map(([node, [x, y]]) => {
        const site = record(sites[node]);
        const isSite = site.token !== undefined;
        return (
          <g key={node}>
            <circle
              cx={x}
              cy={y}
              r={node === "NEST" ? 16 : isSite ? 11 : 4}
              fill={
                node === "NEST"
                  ? "#6d4c41"
                  : isSite
                    ? String(site.token).includes("LEAF")
                      ? "#c5e1a5"
                      : "#fff3e0"
                    : "#555"
              }
              stroke="#333"
            />
            {node === "NEST" && (
              <text x={x} y={y + 4} fontSize={10} textAnchor="middle" fill="#fff">
                NEST
              </text>
            )}
            {isSite && (
              <text x={x} y={y + 4} fontSize={9} textAnchor="middle" fill="#000">
                {String(site.count)}
              </text>
            )}
            {isSite && (
              <text x={x} y={y - 13} fontSize={8} textAnchor="middle" fill="#000">
                {node} {TOKEN_SHORT[String(site.token)] ?? ""}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}

function Hatcheries({ view, seats }: { view: JsonObject; seats: number }) {
  const hatcheries = record(view.hatcheries);
  return (
    <table className="antics-hatcheries" aria-label="hatcheries">
      <thead>
        <tr>
          <th>Hatchery</th>
          {Array.from({ length: seats }, (_, s) => (
            <th key={SEAT_NAME[s]} style={{ color: SEAT_COLOR[s] }}>
              {SEAT_NAME[s]}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {Object.entries(hatcheries).map(([h, counts]) => (
          <tr key={h}>
            <td style={{ color: TERRAIN_COLOR[h] }}>{name(h)}</td>
            {list(counts).map((n, s) => (
              <td key={SEAT_NAME[s]}>{String(n)}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const HEX = 24;
function AntHill({
  player,
  seat,
  players,
  isMe,
  legal,
  busy,
  onCommand,
  used,
}: {
  player: JsonObject;
  seat: number;
  players: string[];
  isMe: boolean;
  legal: LegalCommand[];
  busy: boolean;
  onCommand: (c: LegalCommand) => void;
  used: Set<string>;
}) {
  const cells = list(player.cells).map(record);
  const base: [number, number][] = [
    [0, 0],
    [1, 0],
    [2, 0],
    [0, 1],
    [1, 1],
    [0, 2],
  ];
  const all = [
    ...base.map(([q, r]) => ({ q, r, level: 0, hex: "" })),
    ...cells.map((c) => ({
      q: Number(c.q),
      r: Number(c.r),
      level: Number(c.level),
      hex: String(c.hex),
    })),
  ];
  const px = (q: number, r: number): [number, number] => [
    HEX * Math.sqrt(3) * (q + r / 2),
    HEX * 1.5 * r,
  ];
  const points = all.map((c) => px(c.q, c.r));
  const minX = Math.min(...points.map((p) => p[0])) - HEX;
  const maxX = Math.max(...points.map((p) => p[0])) + HEX;
  const minY = Math.min(...points.map((p) => p[1])) - HEX;
  const maxY = Math.max(...points.map((p) => p[1])) + HEX;
  const corner = (x: number, y: number) =>
    Array.from({ length: 6 }, (_, i) => {
      const a = ((60 * i - 30) * Math.PI) / 180;
      return `${x + (HEX - 1) * Math.cos(a)},${y + (HEX - 1) * Math.sin(a)}`;
    }).join(" ");
  const built = new Set(cells.map((c) => `${String(c.q)},${String(c.r)}`));
  return (
    <section
      className="antics-hill"
      aria-label={`ant-hill of ${players[seat] ?? `seat ${seat}`}`}
      style={{
        border: `2px solid ${SEAT_COLOR[seat]}`,
        borderRadius: 8,
        padding: 6,
        margin: 4,
        flex: "1 1 300px",
      }}
    >
      <h3 style={{ color: SEAT_COLOR[seat], margin: "2px 0" }}>
        {players[seat] ?? `Seat ${seat}`} ({SEAT_NAME[seat]}){isMe ? " · you" : ""} · score{" "}
        {String(player.score)} · height {String(player.height)}
      </h3>
      <p style={{ margin: "2px 0", fontSize: 13 }}>
        Ants in supply {String(player.ants_in_supply)} · prey{" "}
        {list(player.prey)
          .map((p) => TOKEN_SHORT[String(p)])
          .join(", ") || "none"}{" "}
        · leaves {String(player.brown_leaves)} brown, {String(player.green_leaves)} green · tiles to
        build {list(player.tile_supply).length}
      </p>
      <svg
        viewBox={`${minX} ${minY} ${maxX - minX} ${maxY - minY}`}
        role="img"
        aria-label="ant-hill cells"
        style={{ width: Math.min(360, maxX - minX), maxWidth: "100%" }}
      >
        {all
          .filter((c) => c.level > 0 || !built.has(`${c.q},${c.r}`))
          .map((c) => {
            const [x, y] = px(c.q, c.r);
            const use = isMe
              ? legal.find(
                  (l) => l.commandType === "use_hex" && l.args.q === c.q && l.args.r === c.r,
                )
              : undefined;
            const marked = isMe && used.has(`${c.q},${c.r}`);
            const shade =
              c.level === 0
                ? "#e0d7c6"
                : ["#fff8e1", "#ffe0b2", "#ffcc80", "#ffb74d", "#ffa726"][c.level - 1];
            const body = (
              <>
                <polygon
                  points={corner(x, y)}
                  fill={shade}
                  stroke={use ? "#1e88e5" : "#6d4c41"}
                  strokeWidth={use ? 3 : 1}
                />
                {c.level > 0 && (
                  <>
                    <text x={x} y={y - 2} fontSize={9} textAnchor="middle" fill="#000">
                      {name(c.hex)}
                    </text>
                    <text x={x} y={y + 10} fontSize={9} textAnchor="middle" fill="#000">
                      L{c.level}
                      {marked ? " ●" : ""}
                    </text>
                  </>
                )}
              </>
            );
            return use && !busy ? (
              // biome-ignore lint/a11y/useSemanticElements: an SVG hex cannot be a <button>
              <g
                key={`${c.q},${c.r}`}
                role="button"
                tabIndex={0}
                className="hex clickable"
                aria-label={label(use)}
                style={{ cursor: "pointer" }}
                onClick={() => onCommand(use)}
                onKeyDown={(e) => {
                  if (e.key === "Enter" || e.key === " ") onCommand(use);
                }}
              >
                {body}
              </g>
            ) : (
              <g key={`${c.q},${c.r}`}>{body}</g>
            );
          })}
      </svg>
    </section>
  );
}

export function Board(props: BoardProps) {
  const { view, game, seat, legal, busy, onCommand } = props;
  const players = list(view.players).map(record);
  const names = game.players.map((p) => p || "");
  const pending = record(view.pending);
  const used = new Set(list(view.used_hexes).map((h) => list(h).map(String).join(",")));
  const current = Number(view.current);
  return (
    <div className="antics-board">
      <p className="muted">
        Round {String(view.round)} · {names[current] || `Seat ${current}`} to play · markers{" "}
        {String(view.markers)} of {String(view.actions)}
        {view.magnificant_used === true ? " · magnificANT used" : ""}
        {pending.action !== undefined &&
          ` · ${name(pending.action)} at level ${String(pending.level)}, ${String(pending.remaining)} move(s) left`}
        {view.feeding !== null && view.feeding !== undefined && " · an anteater waits for its meal"}
        {list(view.exhausted).length > 0 &&
          ` · prey gone: ${list(view.exhausted)
            .map((t) => TOKEN_SHORT[String(t)])
            .join(", ")}`}
        {view.final_turns_left !== null &&
          view.final_turns_left !== undefined &&
          ` · last turns: ${String(view.final_turns_left)}`}
      </p>
      <Display {...props} />
      <div style={{ display: "flex", flexWrap: "wrap", gap: 8, alignItems: "flex-start" }}>
        <Meadow view={view} />
        <Hatcheries view={view} seats={players.length} />
      </div>
      <div style={{ display: "flex", flexWrap: "wrap" }}>
        {players.map((p, s) => (
          <AntHill
            key={SEAT_NAME[s]}
            player={p}
            seat={s}
            players={names}
            isMe={s === seat}
            legal={legal}
            busy={busy}
            onCommand={onCommand}
            used={used}
          />
        ))}
      </div>
    </div>
  );
}
