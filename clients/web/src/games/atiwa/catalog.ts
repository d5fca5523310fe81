// Atiwa's catalog (ListGameTypes): the names, points, fields and costs behind the ids a view names.
// Loaded once per page and kept: it is static for a rules version.
import type { JsonObject, JsonValue } from "@playledger/client";
import { useEffect, useState } from "react";
import { spectator } from "../../app/client";

let cached: JsonObject | undefined;
let loading: Promise<JsonObject> | undefined;

export function loadCatalog(): Promise<JsonObject> {
  loading ??= spectator
    .listGameTypes()
    .then((types) => {
      cached = types.find((t) => t.name === "atiwa")?.catalog ?? {};
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
    if (cached === undefined) void loadCatalog().then(setCatalog);
  }, []);
  return catalog;
}

export function obj(value: unknown): JsonObject {
  return value !== null && typeof value === "object" && !Array.isArray(value)
    ? (value as JsonObject)
    : {};
}

export function arr(value: unknown): JsonValue[] {
  return Array.isArray(value) ? (value as JsonValue[]) : [];
}

/** A card's catalog entry (terrain "T04" or location "FARM"). */
export function cardInfo(catalog: JsonObject, id: string): JsonObject {
  return obj(obj(catalog.terrain)[id] ?? obj(catalog.locations)[id]);
}
