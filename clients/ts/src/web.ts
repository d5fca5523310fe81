// @playledger/client/web: gRPC-Web (binary) over fetch to the server's web
// port, e.g. "http://127.0.0.1:8080". Works in browsers and in Node (global fetch).
import type { Transport } from "@connectrpc/connect";
import { createGrpcWebTransport, type GrpcWebTransportOptions } from "@connectrpc/connect-web";

export * from "./index.js";

export function webTransport(
  baseUrl: string,
  options: Omit<Partial<GrpcWebTransportOptions>, "baseUrl"> = {},
): Transport {
  return createGrpcWebTransport({ useBinaryFormat: true, ...options, baseUrl });
}
