// Generated messages -> the SDK's plain types, at the one boundary where bigint
// becomes number and Struct stays a JsonObject.
import { toJson } from "@bufbuild/protobuf";
import { type Timestamp, timestampDate, ValueSchema } from "@bufbuild/protobuf/wkt";
import * as pb from "./gen/playledger/v1/games_pb.js";
import type {
  BotPace,
  Game,
  GameEvent,
  GameStatus,
  GameType,
  GameUpdate,
  JsonObject,
  LegalCommand,
  LegalCommands,
  SeatToken,
  TableSettings,
  Words,
} from "./types.js";

/** int64 -> number, refusing (not rounding) a value a double cannot hold exactly. */
export function toNumber(value: bigint): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) {
    throw new RangeError(`int64 ${value} is beyond Number.MAX_SAFE_INTEGER`);
  }
  return n;
}

/** The SDK's pace name -> the wire enum (absent: the game's default). */
export function botPaceToWire(pace: BotPace | undefined): pb.BotPace {
  if (pace === "person") return pb.BotPace.PERSON;
  if (pace === "fast") return pb.BotPace.FAST;
  return pb.BotPace.UNSPECIFIED;
}

function toDate(ts: Timestamp | undefined): Date | undefined {
  return ts === undefined ? undefined : timestampDate(ts);
}

export function status(s: pb.GameStatus | undefined): GameStatus {
  const out: GameStatus = {
    phase: s?.phase ?? "",
    toAct: [...(s?.toAct ?? [])],
    finished: s?.finished ?? false,
    wakeAtMs: toNumber(s?.wakeAtMs ?? 0n),
    deadlineMs: toNumber(s?.deadlineMs ?? 0n),
    clocks: (s?.clocks ?? []).map((c) => ({
      seat: c.seat,
      leftMs: toNumber(c.leftMs),
      flagMs: toNumber(c.flagMs),
    })),
  };
  if (s?.outcome !== undefined) {
    const o = s.outcome;
    out.outcome = {
      reason: o.reason,
      placements: [...o.placements],
      tieRule: o.tieRule,
      ...(o.reasonWords === undefined ? {} : { reasonWords: words(o.reasonWords) }),
      ...(o.tieRuleWords === undefined ? {} : { tieRuleWords: words(o.tieRuleWords) }),
    };
  }
  return out;
}

export function game(g: pb.Game | undefined): Game {
  if (g === undefined) {
    throw new TypeError("the server's reply holds no game");
  }
  const out: Game = {
    name: g.name,
    rules: g.rules,
    rulesVersion: g.rulesVersion,
    rngVersion: g.rngVersion,
    players: [...g.players],
    playerIds: [...g.playerIds],
    options: g.options ?? {},
    version: toNumber(g.version),
    status: status(g.status),
    seedCommitment: g.seedCommitment,
    seedSource: g.seedSource,
    seedHex: g.seedHex,
    finalScores: g.finalScores.map(toNumber),
    winners: [...g.winners],
    lastHash: g.lastHash,
    table: table(g.table),
    takebackTargets: g.takebackTargets.map(toNumber),
    bots: g.bots.map((b) => ({
      seat: b.seat,
      level: b.level,
      thinkMs: b.thinkMs,
      budget: b.budget,
      ...(b.pace === pb.BotPace.PERSON ? { pace: "person" as const } : {}),
      ...(b.pace === pb.BotPace.FAST ? { pace: "fast" as const } : {}),
    })),
  };
  if (g.timeControl !== undefined) {
    out.timeControl = {
      moveSeconds: g.timeControl.moveSeconds,
      onTimeout: g.timeControl.onTimeout === "forfeit" ? "forfeit" : "move",
      budgetSeconds: g.timeControl.budgetSeconds,
      incrementSeconds: g.timeControl.incrementSeconds,
    };
  }
  if (g.view !== undefined) out.view = g.view;
  if (g.viewerSeat !== undefined) out.viewerSeat = g.viewerSeat;
  const created = toDate(g.createTime);
  if (created !== undefined) out.createTime = created;
  const updated = toDate(g.updateTime);
  if (updated !== undefined) out.updateTime = updated;
  const read = toDate(g.readTime);
  if (read !== undefined) out.readTime = read;
  if (g.rematchOf !== "") out.rematchOf = g.rematchOf;
  if (g.takeback !== undefined) {
    const t = g.takeback;
    out.takeback = { seat: t.seat, toVersion: toNumber(t.toVersion), accepted: [...t.accepted] };
  }
  if (g.rematchedAs !== "") out.rematchedAs = g.rematchedAs;
  if (g.ruling !== undefined) {
    const r = g.ruling;
    const time = toDate(r.time);
    out.ruling = {
      kind: r.kind,
      reason: r.reason,
      actor: r.actor,
      seats: [...r.seats],
      ...(r.tournament === "" ? {} : { tournament: r.tournament }),
      ...(r.playerId === "" ? {} : { playerId: r.playerId }),
      ...(time === undefined ? {} : { time }),
    };
  }
  if (g.spectatorVersion !== 0n) out.spectatorVersion = toNumber(g.spectatorVersion);
  return out;
}

export function table(t: pb.TablePolicy | undefined): TableSettings {
  return {
    spectators: t?.spectators === pb.SpectatorPolicy.PLAYERS ? "players" : "open",
    spectatorDelayMoves: t?.spectatorDelayMoves ?? 0,
    spectatorDelaySeconds: t?.spectatorDelaySeconds ?? 0,
    takebacks: t?.takebacks ?? false,
  };
}

export function tableToWire(t: Partial<TableSettings>): {
  spectators: pb.SpectatorPolicy;
  spectatorDelayMoves: number;
  spectatorDelaySeconds: number;
  takebacks: boolean;
} {
  return {
    spectators:
      t.spectators === "players" ? pb.SpectatorPolicy.PLAYERS : pb.SpectatorPolicy.UNSPECIFIED,
    spectatorDelayMoves: t.spectatorDelayMoves ?? 0,
    spectatorDelaySeconds: t.spectatorDelaySeconds ?? 0,
    takebacks: t.takebacks ?? false,
  };
}

export function seatToken(t: pb.SeatToken): SeatToken {
  return { seat: t.seat, player: t.player, playerId: t.playerId, token: t.token };
}

export function event(e: pb.GameEvent | undefined): GameEvent {
  if (e === undefined) {
    throw new TypeError("the server's stream message holds no event");
  }
  const out: GameEvent = { version: toNumber(e.version), type: e.type, data: e.data ?? {} };
  if (e.seat !== undefined) out.seat = e.seat;
  const time = toDate(e.time);
  if (time !== undefined) out.time = time;
  return out;
}

export function update(u: pb.WatchGameResponse): GameUpdate {
  return {
    event: event(u.event),
    version: toNumber(u.version),
    status: status(u.status),
    settled: u.settled,
    legalCommands: u.legalCommands.map(legalCommand),
    ...(u.game === undefined ? {} : { game: game(u.game) }),
  };
}

export function legalCommand(c: pb.LegalCommand): LegalCommand {
  const labelWords = c.labelWords === undefined ? { key: "", params: {} } : words(c.labelWords);
  return { commandType: c.commandType, args: c.args ?? {}, label: c.label, labelWords };
}

export function words(w: pb.Words): Words {
  return { key: w.key, params: w.params ?? {} };
}

export function legalCommands(r: pb.ListLegalCommandsResponse): LegalCommands {
  return { version: toNumber(r.version), commands: r.commands.map(legalCommand) };
}

export function gameType(t: pb.GameType): GameType {
  return {
    name: t.name,
    title: t.title,
    rulesVersion: t.rulesVersion,
    minPlayers: t.minPlayers,
    maxPlayers: t.maxPlayers,
    summary: t.summary,
    options: t.options.map((o) => {
      const option: GameType["options"][number] = {
        name: o.name,
        type: o.type,
        defaultValue: o.defaultValue === undefined ? null : toJson(ValueSchema, o.defaultValue),
        description: o.description,
        choices: o.choices.map((c) => toJson(ValueSchema, c)),
      };
      if (o.minimum !== undefined) option.minimum = toNumber(o.minimum);
      if (o.maximum !== undefined) option.maximum = toNumber(o.maximum);
      return option;
    }),
    commands: t.commands.map((c) => ({
      type: c.type,
      description: c.description,
      fields: c.fields.map((f) => ({ name: f.name, type: f.type })),
    })),
    catalog: t.catalog ?? {},
    reasons: t.reasons.map((r) => ({ code: r.code, description: r.description })),
    botLevels: [...t.botLevels],
    jsonSchema: t.jsonSchema ? (JSON.parse(t.jsonSchema) as JsonObject) : {},
  };
}
