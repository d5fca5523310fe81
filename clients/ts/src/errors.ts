// One error type for every refused call: the gRPC code, the server's stable
// ErrorInfo reason, and its message in words a player understands.
import { Code, ConnectError } from "@connectrpc/connect";
import { BadRequestSchema, ErrorInfoSchema } from "./gen/google/rpc/error_details_pb.js";
import { type Receipt, ReceiptSchema } from "./gen/playledger/v1/games_pb.js";

/** One bad field of a refused request (google.rpc.BadRequest), e.g. "args.cards[1]". */
export interface FieldViolation {
  field: string;
  description: string;
  /** The reason code of this field's violation, e.g. "TOO_LONG". */
  reason: string;
}

/** The ErrorInfo domain of the server's own errors. */
export const ERROR_DOMAIN = "playledger.dev";

/** gRPC's canonical status names ("FAILED_PRECONDITION"), by code number. */
export function codeName(code: Code): string {
  if (code === Code.Canceled) return "CANCELLED"; // gRPC spells it with two Ls
  // Code's keys are PascalCase ("FailedPrecondition").
  return (Code[code] ?? `CODE_${code}`).replace(/(?<=[a-z])(?=[A-Z])/g, "_").toUpperCase();
}

export class PlayLedgerError extends Error {
  override readonly name = "PlayLedgerError";
  /** The gRPC status code (Connect's Code enum holds gRPC's numbers). */
  readonly code: Code;
  /** The ErrorInfo reason, e.g. "NOT_YOUR_TURN"; "" when the error carries none (e.g. a network failure). */
  readonly reason: string;
  /** The ErrorInfo domain: ERROR_DOMAIN for the server's errors. */
  readonly domain: string;
  /** The ErrorInfo's facts to act on: current_version, to_act, retry_at_ms, limit... (README: the reason catalog). */
  readonly metadata: Readonly<Record<string, string>>;
  /** The request's bad fields (INVALID_ARGUMENT). */
  readonly violations: readonly FieldViolation[];
  /** A refused SubmitCommand's signed receipt of the refusal. */
  readonly receipt: Receipt | undefined;
  /** The server's message, without the code and reason. */
  readonly serverMessage: string;

  constructor(
    code: Code,
    reason: string,
    serverMessage: string,
    options: {
      domain?: string;
      metadata?: Record<string, string>;
      violations?: FieldViolation[];
      receipt?: Receipt;
      cause?: unknown;
    } = {},
  ) {
    super(`${serverMessage} [${codeName(code)}${reason ? ` ${reason}` : ""}]`, {
      cause: options.cause,
    });
    this.code = code;
    this.reason = reason;
    this.domain = options.domain ?? "";
    this.metadata = options.metadata ?? {};
    this.violations = options.violations ?? [];
    this.receipt = options.receipt;
    this.serverMessage = serverMessage;
  }

  get codeName(): string {
    return codeName(this.code);
  }

  /** Any error a call threw (ConnectError, abort, network) as a PlayLedgerError. */
  static from(error: unknown): PlayLedgerError {
    if (error instanceof PlayLedgerError) return error;
    const connect = ConnectError.from(error);
    const info = connect.findDetails(ErrorInfoSchema)[0];
    const violations = connect.findDetails(BadRequestSchema).flatMap((b) =>
      b.fieldViolations.map((v) => ({
        field: v.field,
        description: v.description,
        reason: v.reason,
      })),
    );
    const receipt = connect.findDetails(ReceiptSchema)[0];
    return new PlayLedgerError(connect.code, info?.reason ?? "", connect.rawMessage, {
      domain: info?.domain ?? "",
      metadata: info === undefined ? {} : { ...info.metadata },
      violations,
      ...(receipt === undefined ? {} : { receipt }),
      cause: error,
    });
  }
}
