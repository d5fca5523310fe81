import { PlayLedgerError } from "@playledger/client";

/** What a refused call says, in the server's words (its message is written for players). */
export function messageOf(error: unknown): string {
  if (error instanceof PlayLedgerError)
    return error.serverMessage || error.reason || error.codeName;
  return error instanceof Error ? error.message : String(error);
}

export function ErrorLine({ error }: { error: string | undefined }) {
  if (!error) return null;
  return (
    <p className="error" role="alert">
      {error}
    </p>
  );
}
