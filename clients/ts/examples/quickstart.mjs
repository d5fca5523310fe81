// Ten lines of a client app: a game, a move, the events it recorded (PLAYLEDGER_SERVER or 127.0.0.1:50051).
import { PlayLedgerClient } from "@playledger/client";
import { nodeTransport } from "@playledger/client/node";

const transport = nodeTransport(`http://${process.env.PLAYLEDGER_SERVER ?? "127.0.0.1:50051"}`);
const client = new PlayLedgerClient(transport);
const { game, seats } = await client.createGame({
  rules: "hare-and-tortoise",
  players: ["ann", "bob"],
});
const ann = client.withToken(seats[0].token); // acts and sees for seat 0
const [move] = (await ann.legalCommands(game.name)).commands;
const done = await ann.submit(game.name, move.commandType, move.args);
for (const event of done.events) console.log(event.version, event.type, JSON.stringify(event.data));
transport.close();
