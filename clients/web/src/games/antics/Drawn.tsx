// Words drawn on an SVG shape whose button or picture says them in its label: hidden from a screen reader
// (it reads the label), and drawn as one text of two lines, so that what is seen reads as in the label
// ("Scout level 2", not "Scoutlevel 2").
import type { ReactNode } from "react";

export function Drawn(props: {
  x: number;
  y: number;
  y2: number;
  first: ReactNode;
  second: ReactNode;
  className: string;
}) {
  const { x, y, y2, first, second, className } = props;
  return (
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: SVG text holds nothing focusable
    <g aria-hidden="true">
      <text x={x} y={y} className={className}>
        {first}
        <tspan x={x} y={y2}>
          {" "}
          {second}
        </tspan>
      </text>
    </g>
  );
}
