// The package's entries, as an app imports them (by name, from the built dist/).
import assert from "node:assert/strict";
import { test } from "node:test";

test("@playledger/client, /node and /web resolve and export the SDK", async () => {
  // Names held in a variable: resolved by Node at run time (package.json "exports"), not by tsc.
  const name = "@playledger/client";
  const main = await import(name);
  const node = await import(`${name}/node`);
  const web = await import(`${name}/web`);
  for (const entry of [main, node, web]) {
    assert.equal(typeof entry.PlayLedgerClient, "function");
    assert.equal(typeof entry.PlayLedgerError, "function");
    assert.equal(typeof entry.GameService, "object");
  }
  assert.equal(typeof node.nodeTransport, "function");
  assert.equal(typeof web.webTransport, "function");
  assert.equal("nodeTransport" in main, false, "the main entry holds no Node transport");
  assert.equal(main.PlayLedgerClient, web.PlayLedgerClient, "one SDK behind every entry");
});
