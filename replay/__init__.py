"""The audit tool: re-run recorded games and verify their hash chains (playledger-replay)."""
