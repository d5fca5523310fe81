// The browser entries must bundle for a browser: nothing Node-only may reach
// them (connect-node, node:http2...). esbuild with platform "browser" fails on
// any import it cannot resolve there.
import assert from "node:assert/strict";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

for (const entry of ["src/index.ts", "src/web.ts"]) {
  test(`${entry} bundles for the browser`, async () => {
    const result = await build({
      absWorkingDir: ROOT,
      entryPoints: [entry],
      bundle: true,
      platform: "browser",
      format: "esm",
      write: false,
      metafile: true,
      logLevel: "silent",
    });
    const inputs = Object.keys(result.metafile.inputs);
    assert.deepEqual(
      inputs.filter((i) => /connect-node|^node:/.test(i)),
      [],
    );
    assert.ok(inputs.some((i) => i.includes("@connectrpc/connect/")));
  });
}

test("the node entry does not bundle for the browser (the check above can fail)", async () => {
  await assert.rejects(
    build({
      absWorkingDir: ROOT,
      entryPoints: ["src/node.ts"],
      bundle: true,
      platform: "browser",
      format: "esm",
      write: false,
      logLevel: "silent",
    }),
  );
});
