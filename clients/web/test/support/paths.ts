// Where things are, for tests that need no browser.
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** clients/web/, with its trailing slash. */
export const WEB = fileURLToPath(new URL("../../", import.meta.url));
export const SRC = join(WEB, "src");
