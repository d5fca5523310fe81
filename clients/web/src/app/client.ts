// One gRPC-Web transport to the server that served this page (same origin: no CORS, no CDN).
import { type ClientOptions, PlayLedgerClient, webTransport } from "@playledger/client/web";

export const transport = webTransport(window.location.origin);

/** A client acting with a seat's token, or a spectator's (no token). */
export function clientFor(
  token?: string,
  options: Omit<ClientOptions, "token"> = {},
): PlayLedgerClient {
  return new PlayLedgerClient(transport, token === undefined ? options : { ...options, token });
}

export const spectator = clientFor();
