// The same whole game over gRPC-Web (connect-web's transport on Node's fetch),
// against the server's web port. Skipped, saying why, when this server build
// has no --web-port.
import { test } from "node:test";
import { webTransport } from "../src/web.js";
import { PlayLedgerServer, SERVER_BIN, serverHasWebPort } from "./support/server.js";
import { playWholeGame } from "./support/whole-game.js";

const ORGANIZER = "organizer-secret-for-web-tests";
const skip = serverHasWebPort() ? false : `${SERVER_BIN} has no --web-port (no gRPC-Web)`;

test("over gRPC-Web, three seats play Hare & Tortoise to the end; nobody sees another's cards", {
  skip,
}, async (t) => {
  const server = await PlayLedgerServer.start({ organizerToken: ORGANIZER, web: true });
  try {
    const started = performance.now();
    const result = await playWholeGame(webTransport(server.webUrl), ORGANIZER, 20260522);
    t.diagnostic(
      `${result.commands} commands, ${result.events} events, scores ${result.game.finalScores}, ` +
        `winners ${result.game.winners}, ${Math.round(performance.now() - started)} ms`,
    );
  } finally {
    await server.dispose();
  }
});
