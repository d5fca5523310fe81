// Antics!'s catalog (ListGameTypes): the scoring tables the rules use (prey points by kinds, the green
// leaf's bonus). Loaded once per page and kept: it is static for a rules version.
import type { JsonObject } from "@playledger/client";
import { useEffect, useState } from "react";
import { spectator } from "../../app/client";
import { record } from "./view";

let cached: JsonObject | undefined;
let loading: Promise<JsonObject> | undefined;

function load(): Promise<JsonObject> {
  loading ??= spectator
    .listGameTypes()
    .then((types) => {
      cached = types.find((t) => t.name === "antics")?.catalog ?? {};
      return cached;
    })
    .catch(() => {
      loading = undefined; // try again on the next render
      return {};
    });
  return loading;
}

export function useCatalog(): JsonObject {
  const [catalog, setCatalog] = useState<JsonObject>(cached ?? {});
  useEffect(() => {
    if (cached === undefined) void load().then(setCatalog);
  }, []);
  return catalog;
}

/** The server's points for prey of `kinds` different types (its AN-81 table), if the catalog has it. */
export function preyPoints(catalog: JsonObject, kinds: number): number | undefined {
  const points = record(record(catalog.scoring).prey_points)[String(kinds)];
  return typeof points === "number" ? points : undefined;
}
