// One error type for every refused call: the gRPC code, the server's stable
// ErrorInfo reason, and its message in words a player understands.
import { Code, ConnectError } from "@connectrpc/connect";
import { ErrorInfoSchema } from "./gen/google/rpc/error_details_pb.js";

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
  readonly metadata: Readonly<Record<string, string>>;
  /** The server's message, without the code and reason. */
  readonly serverMessage: string;

  constructor(
    code: Code,
    reason: string,
    serverMessage: string,
    options: { domain?: string; metadata?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(`${serverMessage} [${codeName(code)}${reason ? ` ${reason}` : ""}]`, {
      cause: options.cause,
    });
    this.code = code;
    this.reason = reason;
    this.domain = options.domain ?? "";
    this.metadata = options.metadata ?? {};
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
    return new PlayLedgerError(connect.code, info?.reason ?? "", connect.rawMessage, {
      domain: info?.domain ?? "",
      metadata: info === undefined ? {} : { ...info.metadata },
      cause: error,
    });
  }
}
