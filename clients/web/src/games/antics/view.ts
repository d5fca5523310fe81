// What the Antics! drawings share: reading the view's JSON, and where the meadow's nodes are drawn.
import type { JsonObject, JsonValue } from "@playledger/client";

export function list(value: unknown): JsonValue[] {
  return Array.isArray(value) ? (value as JsonValue[]) : [];
}
export function record(value: unknown): JsonObject {
  return value !== null && typeof value === "object" && !Array.isArray(value)
    ? (value as JsonObject)
    : {};
}

export const C = 210;
function polar(radius: number, degrees: number): [number, number] {
  const a = (degrees * Math.PI) / 180;
  return [C + radius * Math.cos(a), C + radius * Math.sin(a)];
}
/** Where each node of the meadow is drawn. */
export const NODES: Record<string, [number, number]> = { NEST: [C, C] };
for (let k = 1; k <= 6; k++) {
  const angle = (k - 1) * 60 - 90;
  NODES[`I${k}`] = polar(70, angle);
  NODES[`O${k}`] = polar(135, angle);
  NODES[`P${k}`] = polar(190, angle);
  if (k <= 5) {
    NODES[`LB${k}`] = polar(100, angle + 30); // beside I_k
    NODES[`LG${k}`] = polar(178, angle + 60 + 22); // beside O_(k+1)
  }
}
