// The meadow: its paths (terrain by colour and name), the sites and their tokens, the nest, and every
// seat's ants on the paths; and the hatcheries' ants per seat.
import type { ViewOf } from "../types";
import { C, list, NODES, record, TOKEN_SHORT } from "./view";
import { name, SEAT_COLOR, SEAT_NAME, SEGMENTS, TERRAIN_COLOR } from "./words";

type View = ViewOf<"antics">;

export function Meadow({ view }: { view: View }) {
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
      <Paths paths={paths} />
      <Sites sites={sites} />
    </svg>
  );
}

export function Hatcheries({ view, seats }: { view: View; seats: number }) {
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

function Paths({ paths }: { paths: ReturnType<typeof record> }) {
  return (
    <>
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
    </>
  );
}

function Sites({ sites }: { sites: ReturnType<typeof record> }) {
  return (
    <>
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
    </>
  );
}
