"""Replay certificates: per game and per tournament, as JSON, signed with the organizer's Ed25519 key;
check-certificate finds a changed certificate, a foreign key, a wrong digest, and facts that no longer hold."""

from __future__ import annotations

import json
from pathlib import Path

from replay import certificates
from service.ledger import signing
from tests.replay.conftest import Store, replay_cli


def test_verify_writes_signed_certificates_that_check(games_store: Store, tmp_path: Path) -> None:
    key = tmp_path / "organizer.key"
    done = replay_cli("keygen", str(key))
    assert done.returncode == 0, done.stderr
    assert (key.stat().st_mode & 0o777) == 0o600 and Path(f"{key}.pub").exists()
    assert replay_cli("keygen", str(key)).returncode == 2  # a key is never overwritten

    games_file = tmp_path / "spring-open.txt"
    games_file.write_text("# round 1\n" + "\n".join(f"games/{g}" for g in games_store.finished[:4]) + "\n")
    certs = tmp_path / "certs"
    done = replay_cli(
        "verify", "--store", games_store.url, "--games-file", str(games_file), "--certificates", str(certs),
        "--sign-key", str(key),
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr

    game = games_store.finished[0]
    cert = json.loads((certs / f"{game}.cert.json").read_text())
    assert cert["certificate"] == certificates.KIND and cert["subject"] == "game"
    assert cert["game"] == f"games/{game}" and cert["verdict"] == "holds"
    for field in ("rules", "rules_version", "rng_version", "events", "final_hash", "final_scores", "winners", "tool"):
        assert field in cert, field
    assert cert["signature"]["algorithm"] == "Ed25519"

    tournament = json.loads((certs / "tournament-spring-open.cert.json").read_text())
    assert tournament["subject"] == "tournament" and tournament["verdict"] == "holds"
    assert {g["game"] for g in tournament["games"]} == {f"games/{g}" for g in games_store.finished[:4]}
    assert tournament["digest"] == certificates.tournament_digest(tournament["games"])

    pub = f"{key}.pub"
    for path in (certs / f"{game}.cert.json", certs / "tournament-spring-open.cert.json"):
        ok = replay_cli("check-certificate", str(path), "--public-key", pub, "--store", games_store.url)
        assert ok.returncode == 0, ok.stdout + ok.stderr


def test_check_certificate_finds_what_no_longer_holds(games_store: Store, tmp_path: Path) -> None:
    key = tmp_path / "k"
    other = tmp_path / "other"
    signing.generate_key(key)
    signing.generate_key(other)
    certs = tmp_path / "certs"
    game = games_store.finished[1]
    assert replay_cli("verify", "--store", games_store.url, str(game), "--certificates", str(certs)).returncode == 0
    unsigned = json.loads((certs / f"{game}.cert.json").read_text())
    signed = certificates.sign(unsigned, signing.load_private_key(key))

    def check(cert: dict, *args: str) -> tuple[int, str]:
        path = tmp_path / "cert.json"
        path.write_text(json.dumps(cert))
        done = replay_cli("check-certificate", str(path), *args)
        return done.returncode, done.stdout + done.stderr

    assert check(signed, "--public-key", f"{key}.pub")[0] == 0
    assert check(signed)[0] == 0  # integrity only; the note says to pin the signer
    rc, out = check(signed, "--public-key", f"{other}.pub")
    assert rc == 1 and "not by the given key" in out
    rc, out = check({**signed, "final_scores": [s + 1 for s in signed["final_scores"]]}, "--public-key", f"{key}.pub")
    assert rc == 1 and "altered after signing" in out
    rc, out = check(unsigned, "--public-key", f"{key}.pub")
    assert rc == 1 and "not signed" in out

    # Unsigned, but re-checked against the store: the facts must still hold.
    assert check(unsigned, "--store", games_store.url)[0] == 0
    rc, out = check({**unsigned, "final_hash": "0" * 64}, "--store", games_store.url)
    assert rc == 1 and "final_hash" in out

    tournament = certificates.tournament_certificate("t", [unsigned])
    assert check(tournament, "--store", games_store.url)[0] == 0
    forged = {**tournament, "games": [{**tournament["games"][0], "final_hash": "1" * 64}]}
    rc, out = check(forged)
    assert rc == 1 and "digest" in out

    rc, _ = check({"hello": "world"})
    assert rc == 1
    (tmp_path / "nonsense.json").write_text("{")
    assert replay_cli("check-certificate", str(tmp_path / "nonsense.json")).returncode == 2


def test_a_diverging_game_gets_a_certificate_that_says_so(games_store: Store) -> None:
    from replay.verify import Finding, Verdict

    verdict = Verdict(games_store.finished[0], findings=[Finding(7, "field X.y: recorded 1, the rules produce 2")])
    cert = certificates.game_certificate(verdict)
    assert cert["verdict"] == "diverges" and cert["findings"][0]["version"] == 7
    assert certificates.tournament_certificate("t", [cert])["verdict"] == "diverges"
