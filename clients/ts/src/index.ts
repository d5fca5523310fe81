// @playledger/client: the browser-safe entry (no Node-only imports). Transports
// come from "@playledger/client/web" (gRPC-Web) or "@playledger/client/node" (gRPC).

export { fromBinary, toJson } from "@bufbuild/protobuf";
// createClient: the generated services beyond the SDK (leaderboards, audit) on the same transport,
// from the one copy of @connectrpc/connect an app bundles with this package.
export {
  Code,
  ConnectError,
  createClient,
  type Interceptor,
  type Transport,
} from "@connectrpc/connect";
export {
  CLOSING_EVENTS,
  type ClientOptions,
  type CreateGameRequest,
  type GamesFilter,
  type GetGameOptions,
  gameName,
  PlayLedgerClient,
  SEED_REVEALED,
  type SubmitOptions,
  type WatchOptions,
} from "./client.js";
export { toNumber } from "./convert.js";
export { codeName, ERROR_DOMAIN, type FieldViolation, PlayLedgerError } from "./errors.js";
// Each game's typed views, events and commands (hareTortoise.SeatView, ...; GameMessages by game name).
export * from "./gen/games/index.js";
export * as audit from "./gen/playledger/v1/audit_pb.js";
export { AuditService } from "./gen/playledger/v1/audit_pb.js";
export * as games from "./gen/playledger/v1/games_pb.js";
export { GameService } from "./gen/playledger/v1/games_pb.js";
export * as leaderboards from "./gen/playledger/v1/leaderboards_pb.js";
export { LeaderboardService } from "./gen/playledger/v1/leaderboards_pb.js";
export { checkHealth, type ServingStatus, waitUntilServing } from "./health.js";
export { newRequestId } from "./request-id.js";
export { DEFAULT_RETRY, DEFAULT_WATCH_RETRY, type RetryPolicy } from "./retry.js";
export * from "./types.js";
