"""A bounded load generator: bots play games concurrently over gRPC and SubmitCommand is timed.

    python -m bench.loadgen --server 127.0.0.1:50051 --rules hare-and-tortoise --clients 4 --commands 2000

Each client thread creates games and plays them with a random bot until the
command budget is spent. Only SubmitCommand is timed (ListLegalCommands, which
the bot calls first, is not). A trivial call (the standard health Check) is
measured in the same run at the same concurrency, as the baseline the numbers
are compared against.
"""

from __future__ import annotations

import json
import random
import statistics
import threading
import time
from dataclasses import dataclass, field
from typing import Any

import click
import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc
from playledger_client import Client, PlayLedgerError, args_of

from clients.cli import parse_kv


@dataclass
class Sample:
    latencies: list[float] = field(default_factory=list)
    errors: int = 0
    elapsed: float = 0.0

    def summary(self) -> dict[str, Any]:
        lat = sorted(self.latencies)
        if not lat:
            return {"calls": 0, "errors": self.errors}
        cuts = statistics.quantiles(lat, n=100, method="inclusive")
        return {
            "calls": len(lat),
            "errors": self.errors,
            "per_second": round(len(lat) / self.elapsed, 1),
            "p50_ms": round(cuts[49] * 1000, 2),
            "p99_ms": round(cuts[98] * 1000, 2),
        }


def run_commands(
    server: str, rules: str, players: int, options: dict[str, Any], clients: int, commands: int, seed: int
) -> Sample:
    sample = Sample()
    lock = threading.Lock()
    budget = [commands]

    def take() -> bool:
        with lock:
            if budget[0] <= 0:
                return False
            budget[0] -= 1
            return True

    def worker(n: int) -> None:
        rng = random.Random(seed * 1000 + n)
        client = Client(server, retries=1)
        mine: list[float] = []
        errors = 0
        while True:
            game, tokens = client.create_game(rules, [f"load {n}.{i}" for i in range(players)], options)
            seats = {t.seat: client.as_token(t.token) for t in tokens}
            status = client.get_game(game.name).status
            while not status.finished:
                if not take():
                    with lock:
                        sample.latencies += mine
                        sample.errors += errors
                    client.close()
                    return
                me = seats[status.to_act[0]]
                choice = rng.choice(me.legal_commands(game.name))
                started = time.perf_counter()
                try:
                    response = me.submit(game.name, choice.command_type, args_of(choice))
                except PlayLedgerError:
                    errors += 1
                    status = client.get_game(game.name).status
                    continue
                mine.append(time.perf_counter() - started)
                status = response.status

    threads = [threading.Thread(target=worker, args=(n,)) for n in range(clients)]
    started = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    sample.elapsed = time.perf_counter() - started
    return sample


def run_baseline(server: str, clients: int, calls: int) -> Sample:
    """The standard health Check: a round trip through the same server, with no game work."""
    sample = Sample()
    lock = threading.Lock()
    per_client = max(1, calls // clients)

    def worker() -> None:
        channel = grpc.insecure_channel(server)
        stub = health_pb2_grpc.HealthStub(channel)
        mine = []
        for _ in range(per_client):
            started = time.perf_counter()
            stub.Check(health_pb2.HealthCheckRequest(), timeout=10)
            mine.append(time.perf_counter() - started)
        channel.close()
        with lock:
            sample.latencies += mine

    threads = [threading.Thread(target=worker) for _ in range(clients)]
    started = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    sample.elapsed = time.perf_counter() - started
    return sample


@click.command()
@click.option("--server", envvar="PLAYLEDGER_SERVER", default="127.0.0.1:50051", show_default=True)
@click.option("--rules", default="hare-and-tortoise", show_default=True)
@click.option("--players", type=int, default=3, show_default=True)
@click.option("--option", "options", multiple=True, help="game option KEY=VALUE")
@click.option("--clients", type=int, default=4, show_default=True, help="concurrent client threads")
@click.option("--commands", type=int, default=2000, show_default=True, help="total SubmitCommand calls (the bound)")
@click.option("--seed", type=int, default=1, show_default=True)
@click.option("--json", "as_json", is_flag=True)
def main(
    server: str,
    rules: str,
    players: int,
    options: tuple[str, ...],
    clients: int,
    commands: int,
    seed: int,
    as_json: bool,
) -> None:
    """Measure SubmitCommand throughput and latency against a running server, beside a trivial call."""
    baseline = run_baseline(server, clients, commands).summary()
    submits = run_commands(server, rules, players, parse_kv(options, "--option"), clients, commands, seed).summary()
    result = {"rules": rules, "players": players, "clients": clients, "submit": submits, "baseline": baseline}
    if submits.get("p50_ms") and baseline.get("p50_ms"):
        result["p50_ratio_vs_baseline"] = round(submits["p50_ms"] / baseline["p50_ms"], 1)
    if as_json:
        click.echo(json.dumps(result))
        return
    click.echo(f"{rules}, {players} players, {clients} concurrent clients")
    for name, s in (("SubmitCommand", submits), ("health Check (baseline)", baseline)):
        click.echo(
            f"  {name:24s} {s.get('calls', 0):6d} calls  {s.get('per_second', 0):8.1f}/s  "
            f"p50 {s.get('p50_ms', 0):7.2f} ms  p99 {s.get('p99_ms', 0):7.2f} ms  errors {s.get('errors', 0)}"
        )
    if "p50_ratio_vs_baseline" in result:
        click.echo(f"  SubmitCommand p50 is {result['p50_ratio_vs_baseline']}x the baseline's")


if __name__ == "__main__":
    main()
