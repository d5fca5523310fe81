// `npm run check-generated`: regenerate src/gen/ into a temporary directory
// and fail when it differs from the committed one (like proto/gen.py --check).
// src/gen/games/ comes from ../../schemas (python schemas/gen.py --check checks those against the rules).
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const committed = join(root, "src", "gen");

function files(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => relative(dir, join(d.parentPath, d.name)))
    .sort();
}

const out = mkdtempSync(join(tmpdir(), "playledger-ts-gen-"));
try {
  execFileSync(join(root, "node_modules", ".bin", "buf"), ["generate", "--output", out], {
    cwd: root,
    stdio: "inherit",
  });
  // The games' types, from the committed schemas (as `npm run generate` does after buf).
  execFileSync(
    process.execPath,
    [join(root, "scripts", "gen-game-types.mjs"), "--out", join(out, "src", "gen", "games")],
    { cwd: root, stdio: "ignore" },
  );
  const fresh = join(out, "src", "gen");
  const want = files(fresh);
  const have = files(committed);
  const problems = [
    ...want.filter((f) => !have.includes(f)).map((f) => `missing: src/gen/${f}`),
    ...have.filter((f) => !want.includes(f)).map((f) => `not generated: src/gen/${f}`),
    ...want
      .filter((f) => have.includes(f))
      .filter((f) => !readFileSync(join(fresh, f)).equals(readFileSync(join(committed, f))))
      .map((f) => `differs: src/gen/${f}`),
  ];
  if (problems.length > 0) {
    console.error(
      `src/gen/ is stale; run \`npm run generate\` in clients/ts:\n  ${problems.join("\n  ")}`,
    );
    process.exitCode = 1; // not exit(): the finally below still removes the temp dir
  } else {
    console.log(`src/gen/ is up to date (${want.length} files)`);
  }
} finally {
  rmSync(out, { recursive: true, force: true });
}
