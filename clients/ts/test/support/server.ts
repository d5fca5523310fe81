// A real playledger-server process (the Python one from this repo's .venv) on
// free loopback ports and its own SQLite file; stopped by the test that made it.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { checkHealth, type NodeTransport, nodeTransport } from "../../src/node.js";
import { sleep } from "../../src/retry.js";

const REPO = fileURLToPath(new URL("../../../../", import.meta.url));
export const SERVER_BIN =
  process.env.PLAYLEDGER_SERVER_BIN ?? join(REPO, ".venv", "bin", "playledger-server");

const START_CHECKS = 600; // health checks 100 ms apart before giving up on a start
const STOP_WAIT_MS = 30_000;
const LOG_KEEP = 64 * 1024;

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address !== null
          ? resolve(address.port)
          : reject(new Error("no port")),
      );
    });
  });
}

let webFlag: boolean | undefined;

/** Whether this server build has --web-port (gRPC-Web); without it an unknown flag stops the server. */
export function serverHasWebPort(): boolean {
  if (webFlag === undefined) {
    requireBinary();
    webFlag = execFileSync(SERVER_BIN, ["--help"], { encoding: "utf8", env: cleanEnv() }).includes(
      "--web-port",
    );
  }
  return webFlag;
}

function requireBinary(): void {
  if (!existsSync(SERVER_BIN)) {
    throw new Error(`${SERVER_BIN} not found: run \`make install\` at the repo root first`);
  }
}

/** The environment without PLAYLEDGER_* settings, so only our flags configure the server. */
function cleanEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !k.startsWith("PLAYLEDGER_")),
  );
}

export interface ServerOptions {
  organizerToken?: string;
  /** Serve gRPC-Web on a free port too (needs a server with --web-port). */
  web?: boolean;
  /** More flags, e.g. ["--web-root", dir] for the web app's tests. */
  extraArgs?: string[];
}

export class PlayLedgerServer {
  readonly dir: string;
  readonly grpcPort: number;
  readonly webPort: number | undefined;
  readonly options: ServerOptions;
  #proc: ChildProcess | undefined;
  #log = "";
  #health: NodeTransport | undefined;

  private constructor(
    dir: string,
    grpcPort: number,
    webPort: number | undefined,
    options: ServerOptions,
  ) {
    this.dir = dir;
    this.grpcPort = grpcPort;
    this.webPort = webPort;
    this.options = options;
  }

  static async start(options: ServerOptions = {}): Promise<PlayLedgerServer> {
    requireBinary();
    if (options.web && !serverHasWebPort()) {
      throw new Error(`${SERVER_BIN} has no --web-port: this build serves no gRPC-Web`);
    }
    const dir = mkdtempSync(join(tmpdir(), "playledger-ts-"));
    const server = new PlayLedgerServer(
      dir,
      await freePort(),
      options.web ? await freePort() : undefined,
      options,
    );
    await server.launch();
    return server;
  }

  get grpcUrl(): string {
    return `http://127.0.0.1:${this.grpcPort}`;
  }

  get webUrl(): string {
    if (this.webPort === undefined) throw new Error("this server was started without gRPC-Web");
    return `http://127.0.0.1:${this.webPort}`;
  }

  /** The last lines the server printed (for failure messages). */
  get log(): string {
    return this.#log;
  }

  /** Start the process (again, after stop(): same ports, same store) and wait until SERVING. */
  async launch(): Promise<void> {
    const args = [
      "--store",
      `sqlite:///${join(this.dir, "games.db")}`,
      "--port",
      String(this.grpcPort),
      "--metrics-port",
      "0",
      "--workers",
      "12",
      "--max-watchers",
      "8",
      "--grace-seconds",
      "1",
    ];
    // Once the server has a gRPC-Web port it binds 8080 unless told otherwise.
    if (serverHasWebPort()) args.push("--web-port", String(this.webPort ?? 0));
    if (this.options.organizerToken !== undefined) {
      args.push("--organizer-token", this.options.organizerToken);
    }
    args.push(...(this.options.extraArgs ?? []));
    const proc = spawn(SERVER_BIN, args, { env: cleanEnv(), stdio: ["ignore", "pipe", "pipe"] });
    const keep = (chunk: Buffer) => {
      this.#log = (this.#log + chunk.toString()).slice(-LOG_KEEP);
    };
    proc.stdout?.on("data", keep);
    proc.stderr?.on("data", keep);
    this.#proc = proc;
    this.#health ??= nodeTransport(this.grpcUrl);
    for (let i = 0; i < START_CHECKS; i++) {
      if (proc.exitCode !== null || proc.signalCode !== null) {
        throw new Error(
          `playledger-server exited (${proc.exitCode ?? proc.signalCode}):\n${this.#log}`,
        );
      }
      try {
        if ((await checkHealth(this.#health, "", 1000)) === "SERVING") return;
      } catch {
        // not listening yet
      }
      await sleep(100);
    }
    await this.stop();
    throw new Error(`playledger-server not SERVING after ${START_CHECKS} checks:\n${this.#log}`);
  }

  /** SIGTERM (the server's graceful path), SIGKILL if it does not exit in time. */
  async stop(): Promise<void> {
    const proc = this.#proc;
    this.#proc = undefined;
    this.#health?.close();
    if (proc === undefined || proc.exitCode !== null || proc.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => proc.once("exit", () => resolve()));
    proc.kill("SIGTERM");
    const timer = setTimeout(() => proc.kill("SIGKILL"), STOP_WAIT_MS);
    await exited;
    clearTimeout(timer);
  }

  /** SIGKILL: a crash, no drain and no goodbye to open streams. */
  async kill(): Promise<void> {
    const proc = this.#proc;
    this.#proc = undefined;
    this.#health?.close();
    if (proc === undefined || proc.exitCode !== null || proc.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => proc.once("exit", () => resolve()));
    proc.kill("SIGKILL");
    await exited;
  }

  /** Stop and remove the store. */
  async dispose(): Promise<void> {
    await this.stop();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
