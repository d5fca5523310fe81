// The meadow: its paths (terrain by colour, a number beside each), the sites and their tokens, the nest,
// and every seat's ants on the paths (an ant that comes onto a path pops in). A path or a site where you may
// act now is a button (one Tab stop for the meadow; the arrow keys go from one to the next as drawn).
import type { LegalCommand } from "@playledger/client";
import type { ReactNode } from "react";
import { svgButtonProps, useRoving } from "../../a11y/roving";
import { useNewKeys } from "../../game/motion";
import type { GameText } from "../../i18n/text";
import type { ViewOf } from "../types";
import { Drawn } from "./Drawn";
import { C, NODES } from "./view";
import {
  colorName,
  pathName,
  pathNumber,
  SEAT_COLOR,
  SEGMENTS,
  TERRAIN_COLOR,
  tokenName,
} from "./words";

type View = ViewOf<"antics">;

export interface MeadowPlay {
  places: Map<string, LegalCommand[]>;
  onPlace: (place: string, commands: LegalCommand[]) => void;
  busy: boolean;
}

export function Meadow({ view, text, play }: { view: View; text: GameText; play: MeadowPlay }) {
  const keys = [
    ...SEGMENTS.map((s) => `path:${s[0]}`),
    ...Object.keys(NODES).map((n) => `site:${n}`),
  ].filter((k) => play.places.has(k));
  const roving = useRoving(keys);
  const button = (place: string, label: string, body: ReactNode, quiet = false) => {
    const commands = play.places.get(place);
    if (!commands)
      return quiet ? (
        // biome-ignore lint/a11y/noAriaHiddenOnFocusable: an empty path holds nothing focusable
        <g key={place} aria-hidden="true">
          {body}
        </g>
      ) : (
        // The same key in every branch: a path that becomes clickable keeps its drawing (no replayed pop-in).
        // biome-ignore lint/a11y/noInteractiveElementToNoninteractiveRole: an SVG <g> is no control; this one is a picture with words
        <g key={place} role="img" aria-label={label}>
          {body}
        </g>
      );
    const act = () => !play.busy && play.onPlace(place, commands);
    return (
      <g
        key={place}
        className="an-place clickable"
        data-place={place}
        aria-label={label}
        aria-disabled={play.busy || undefined}
        {...svgButtonProps(roving(place), act)}
      >
        {body}
      </g>
    );
  };
  return (
    <section className="an-meadow" aria-labelledby="an-meadow-title">
      <h3 id="an-meadow-title">{text("meadow.title")}</h3>
      {/* biome-ignore lint/a11y/useSemanticElements: a drawing that holds buttons is a group, not a fieldset */}
      <svg viewBox="0 0 420 420" role="group" aria-labelledby="an-meadow-title">
        <rect x={0} y={0} width={420} height={420} rx={16} fill="#eef5e4" />
        {SEGMENTS.map((seg) => (
          <Path key={seg[0]} seg={seg} view={view} text={text} button={button} />
        ))}
        {Object.entries(NODES).map(([node, at]) => (
          <Site key={node} node={node} at={at} view={view} text={text} button={button} />
        ))}
      </svg>
    </section>
  );
}

type Button = (place: string, label: string, body: ReactNode, quiet?: boolean) => ReactNode;

function antWords(ant: View["paths"][string][number], text: GameText): string {
  return text("ant", {
    color: colorName(ant.seat, text),
    soldier: ant.soldier ? "yes" : "no",
    carrying: ant.carrying ? "yes" : "no",
    token: ant.carrying ? tokenName(ant.carrying, text) : "",
  });
}

function Path(props: {
  seg: (typeof SEGMENTS)[number];
  view: View;
  text: GameText;
  button: Button;
}) {
  const { seg, view, text, button } = props;
  const [id, a, b, terrain] = seg;
  const [x1, y1] = NODES[a] ?? [C, C];
  const [x2, y2] = NODES[b] ?? [C, C];
  const ants = view.paths[id] ?? [];
  const arrived = useNewKeys(ants.map((ant, i) => `${ant.seat}:${i}`));
  const [mx, my] = [(x1 + x2) / 2, (y1 + y2) / 2];
  const label = [pathName(id, text), ...ants.map((ant) => antWords(ant, text))].join(": ");
  const body = (
    <g>
      <line x1={x1} y1={y1} x2={x2} y2={y2} stroke="transparent" strokeWidth={16} />
      <line
        x1={x1}
        y1={y1}
        x2={x2}
        y2={y2}
        className="an-path"
        stroke={terrain ? TERRAIN_COLOR[terrain] : "#444"}
        strokeWidth={terrain ? 6 : 3}
        strokeDasharray={terrain ? undefined : "6 4"}
      />
      <text x={mx} y={my - 5} className="an-path-number">
        {pathNumber(id)}
      </text>
      {ants.map((ant, i) => {
        const cx = mx + (i - (ants.length - 1) / 2) * 12;
        const k = `${ant.seat}:${i}`; // ants of a path in their order
        return (
          <g key={k} className={arrived.has(k) ? "an-arrived" : undefined}>
            <circle
              cx={cx}
              cy={my + 5}
              r={ant.soldier ? 6 : 5}
              fill={SEAT_COLOR[ant.seat] ?? "#000"}
              stroke={ant.soldier ? "#000" : "#fff"}
              strokeWidth={ant.soldier ? 2 : 1}
            />
            {ant.carrying && (
              <circle
                cx={cx}
                cy={my + 5}
                r={2.5}
                fill={ant.carrying.includes("LEAF") ? "#7cb342" : "#fff3e0"}
                stroke="#000"
                strokeWidth={0.5}
              />
            )}
          </g>
        );
      })}
    </g>
  );
  return button(`path:${id}`, label, body, ants.length === 0);
}

function Site(props: {
  node: string;
  at: [number, number];
  view: View;
  text: GameText;
  button: Button;
}) {
  const { node, view, text, button } = props;
  const [x, y] = props.at;
  const site = view.sites[node];
  if (node === "NEST")
    return (
      // biome-ignore lint/a11y/noInteractiveElementToNoninteractiveRole: an SVG <g> is no control; this one is a picture with words
      <g role="img" aria-label={text("meadow.nest")}>
        <circle cx={x} cy={y} r={17} fill="#6d4c41" stroke="#333" />
        <text x={x} y={y + 4} className="an-nest">
          {text("meadow.nest")}
        </text>
      </g>
    );
  // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a crossing of paths, nothing to read or press
  if (!site) return <circle cx={x} cy={y} r={4} fill="#555" aria-hidden="true" />;
  const leaf = site.token.includes("LEAF");
  const label = text("site.label", { token: tokenName(site.token, text), count: site.count });
  return button(
    `site:${node}`,
    label,
    <g>
      <circle cx={x} cy={y} r={11} fill={leaf ? "#c5e1a5" : "#fff3e0"} stroke="#333" />
      <Drawn
        x={x}
        y={y - 14}
        y2={y + 4}
        className="an-site-name"
        first={tokenName(site.token, text)}
        second={site.count}
      />
    </g>,
  );
}
