// A seat's ant-hill: its base and the tiles built on it, level by level; on the seat's own turn the hexes
// it may place a marker on are buttons.
import type { JsonObject, LegalCommand } from "@playledger/client";
import { list, record, TOKEN_SHORT } from "./view";
import { label, name, SEAT_COLOR, SEAT_NAME } from "./words";

const HEX = 24;
export function AntHill({
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
  const { cells, all, px, corner, minX, minY, maxX, maxY } = geometry(player);
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
          .map((c) => (
            <HexCell
              key={`${c.q},${c.r}`}
              cell={c}
              at={px(c.q, c.r)}
              corner={corner}
              use={
                isMe
                  ? legal.find(
                      (l) => l.commandType === "use_hex" && l.args.q === c.q && l.args.r === c.r,
                    )
                  : undefined
              }
              marked={isMe && used.has(`${c.q},${c.r}`)}
              busy={busy}
              onCommand={onCommand}
            />
          ))}
      </svg>
    </section>
  );
}

interface Hex {
  q: number;
  r: number;
  level: number;
  hex: string;
}

function geometry(player: JsonObject) {
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
  return { cells, all, px, corner, minX, minY, maxX, maxY };
}

function HexCell(props: {
  cell: Hex;
  at: [number, number];
  corner: (x: number, y: number) => string;
  use: LegalCommand | undefined;
  marked: boolean;
  busy: boolean;
  onCommand: (c: LegalCommand) => void;
}) {
  const { cell: c, use, marked, busy, onCommand, corner } = props;
  const [x, y] = props.at;
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
}
