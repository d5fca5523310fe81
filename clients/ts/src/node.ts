// @playledger/client/node: real gRPC over HTTP/2 (plaintext h2c for http://,
// TLS for https://) to the server's gRPC port, e.g. "http://127.0.0.1:50051".
import type { Transport } from "@connectrpc/connect";
import {
  createGrpcTransport,
  type GrpcTransportOptions,
  Http2SessionManager,
} from "@connectrpc/connect-node";

export * from "./index.js";

export interface NodeTransport extends Transport {
  /** Closes the HTTP/2 connection (open calls fail); a later call opens a new one. */
  close(): void;
}

export function nodeTransport(
  baseUrl: string,
  options: Omit<Partial<GrpcTransportOptions>, "baseUrl" | "sessionManager"> = {},
): NodeTransport {
  // Our own session manager (the library's defaults for pings and idle time),
  // so close() can end the connection at once.
  const sessionManager = new Http2SessionManager(baseUrl, options, options.nodeOptions);
  const transport = createGrpcTransport({ ...options, baseUrl, sessionManager });
  return Object.assign(transport, { close: () => sessionManager.abort() });
}
