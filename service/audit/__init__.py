"""The audit core, shared by the server's audit API and the replay tool: game records (export, import), the
deterministic re-run and verification of a game, and game certificates. Imports only the rules, bots and ledger."""
