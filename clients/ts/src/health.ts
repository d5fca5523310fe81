// The standard gRPC health check, for waiting until a server is ready.
import { createClient, type Transport } from "@connectrpc/connect";
import { Health, HealthCheckResponse_ServingStatus } from "./gen/grpc/health/v1/health_pb.js";
import { sleep } from "./retry.js";

export type ServingStatus = keyof typeof HealthCheckResponse_ServingStatus;

/** The serving status of a service ("" = the whole server); throws when the server does not answer. */
export async function checkHealth(
  transport: Transport,
  service = "",
  timeoutMs = 2000,
): Promise<ServingStatus> {
  const r = await createClient(Health, transport).check({ service }, { timeoutMs });
  return (HealthCheckResponse_ServingStatus[r.status] ?? "UNKNOWN") as ServingStatus;
}

/** Polls checkHealth until SERVING; throws after `attempts` tries with the last answer or error. */
export async function waitUntilServing(
  transport: Transport,
  options: { service?: string; attempts?: number; delayMs?: number; signal?: AbortSignal } = {},
): Promise<void> {
  const attempts = options.attempts ?? 100;
  let last: unknown = "no answer";
  for (let i = 0; i < attempts; i++) {
    try {
      const status = await checkHealth(transport, options.service ?? "");
      if (status === "SERVING") return;
      last = status;
    } catch (error) {
      last = error;
    }
    await sleep(options.delayMs ?? 100, options.signal);
  }
  throw new Error(`server not SERVING after ${attempts} health checks: ${String(last)}`, {
    cause: last,
  });
}
