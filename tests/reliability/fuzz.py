"""Fuzz proof (`make fuzz`): random requests to every RPC of every service, on the gRPC and the web port.

    python -m tests.reliability.fuzz --requests 100000        # make fuzz
    python -m tests.reliability.fuzz --requests 5000 --seed 7 # the short version make test runs

Each request is built for its method from a seeded generator: a mix of plausible values (real game
names, seat and organizer tokens, legal commands of live games) and hostile ones (random and over-long
text, NUL bytes and lone surrogates' UTF-8, negative and int64-edge numbers, NaN and infinities in
Structs, deep nesting, random page tokens), then sometimes corrupted on the wire (flipped, cut or
random bytes; broken gRPC-Web frames). Half go to the gRPC port (grpcio), half to the web port
(gRPC-Web over HTTP/1.1, by hand), some of those as clients get it wrong: plain gRPC's content type, a
frame flagged compressed with no encoding named, other frame flags, a grpc-web-text body far over the
size limit (with a Content-Length or chunked; the server must answer before reading it whole). Streams
get a short deadline. It prints a table of status codes by
transport and exits 1 on any UNKNOWN or INTERNAL answer, any ERROR line in the server's log, or a
failed `playledger-replay verify --all` of the store afterwards (the fuzzing must corrupt nothing).
"""

from __future__ import annotations

import base64
import http.client
import logging
import random
import re
import select
import socket
import struct
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click
import grpc
from google.protobuf import descriptor, message, message_factory, struct_pb2
from grpc_health.v1 import health_pb2
from playledger.v1 import audit_pb2, games_pb2, leaderboards_pb2
from playledger_client import Client, args_of

from replay.verify import verify_stream
from service.config import Settings
from service.server import Running, start
from tests.integration.conftest import free_port

ORGANIZER = "fuzz-organizer-token"
SERVICES = [
    games_pb2.DESCRIPTOR.services_by_name["GameService"],
    leaderboards_pb2.DESCRIPTOR.services_by_name["LeaderboardService"],
    audit_pb2.DESCRIPTOR.services_by_name["AuditService"],
    health_pb2.DESCRIPTOR.services_by_name["Health"],
]
BAD = {"UNKNOWN", "INTERNAL", "DATA_LOSS"}


class Pool:
    """What plausible requests are made of: live games, their tokens, their legal commands."""

    def __init__(self, client: Client, rng: random.Random) -> None:
        self.rng = rng
        self.games: list[str] = []
        self.tokens: list[str] = [ORGANIZER]
        self.commands: list[tuple[str, dict[str, Any]]] = []
        plans = [("hare-and-tortoise", 3, {}), ("baba-yaga", 2, {"mode": "T"}), ("atiwa", 1, {})]
        plans += [("antics", 3, {}), ("grasshopper-and-ant", 2, {})]
        for rules, players, options in plans:
            game, tokens = client.create_game(rules, [f"p{i}" for i in range(players)], options)
            self.games.append(game.name)
            self.tokens += [t.token for t in tokens]
            for t in tokens:
                self.commands += [(c.command_type, args_of(c)) for c in client.join(t.token).legal_commands(game.name)]

    def text(self) -> str:
        r = self.rng.random()
        if r < 0.25:
            return self.rng.choice(self.games)
        if r < 0.3:
            return self.rng.choice(["", "games/", "tournaments/x", "hare-and-tortoise", "active", "finished"])
        if r < 0.4:
            return "x" * self.rng.choice([1, 64, 129, 4097, 20000])
        if r < 0.5:
            return "".join(chr(self.rng.choice([0, 1, 0x7F, 0xFF, 0x2028, 0xFFFD, 0x1F600])) for _ in range(8))
        return "".join(chr(self.rng.randrange(32, 0x3000)) for _ in range(self.rng.randrange(0, 24)))

    def number(self) -> int:
        return self.rng.choice(
            [0, 1, -1, 2, 7, 100, 2**31 - 1, -(2**31), 2**63 - 1, -(2**63), self.rng.randrange(-99, 999)]
        )

    def value(self, depth: int = 0) -> Any:
        r = self.rng.random()
        if depth > self.rng.randrange(2, 40) or r < 0.3:
            return self.rng.choice([self.text(), self.number(), 0.5, float("nan"), float("inf"), 1e300, True, None])
        if r < 0.65:
            return [self.value(depth + 1) for _ in range(self.rng.randrange(0, 4))]
        return {self.text()[:12]: self.value(depth + 1) for _ in range(self.rng.randrange(0, 4))}


def fill(msg: message.Message, pool: Pool, depth: int = 0) -> None:
    """Random values for a message's fields, by its descriptor."""
    rng = pool.rng
    if isinstance(msg, struct_pb2.Struct):
        if pool.commands and rng.random() < 0.3:
            msg.update(rng.choice(pool.commands)[1])
        else:
            for _ in range(rng.randrange(0, 4)):
                _set_value(msg.fields[pool.text()[:16] or "k"], pool.value())
        return
    for field in msg.DESCRIPTOR.fields:
        if rng.random() < 0.35:
            continue
        if field.name in ("game", "name") and rng.random() < 0.7:
            _assign(msg, field, rng.choice(pool.games))
        elif field.name == "command_type" and pool.commands and rng.random() < 0.7:
            _assign(msg, field, rng.choice(pool.commands)[0])
        elif field.type == descriptor.FieldDescriptor.TYPE_MESSAGE:
            if depth > 4 or (field.message_type.GetOptions().map_entry):
                continue
            target = getattr(msg, field.name)
            child = target.add() if field.is_repeated else target
            fill(child, pool, depth + 1)
        elif field.type == descriptor.FieldDescriptor.TYPE_STRING:
            _assign(msg, field, pool.text())
        elif field.type == descriptor.FieldDescriptor.TYPE_BOOL:
            _assign(msg, field, rng.random() < 0.5)
        elif field.type == descriptor.FieldDescriptor.TYPE_ENUM:
            _assign(msg, field, rng.choice([v.number for v in field.enum_type.values] + [99]))
        elif field.type in (descriptor.FieldDescriptor.TYPE_DOUBLE, descriptor.FieldDescriptor.TYPE_FLOAT):
            _assign(msg, field, rng.choice([0.0, -1.5, 1e308]))
        else:
            bits = 32 if field.type in (5, 13, 15, 17, 7) else 64
            number = pool.number()
            unsigned = field.type in (13, 4, 7, 6)
            low, high = (0, 2**bits - 1) if unsigned else (-(2 ** (bits - 1)), 2 ** (bits - 1) - 1)
            _assign(msg, field, min(max(number, low), high))


def _assign(msg: message.Message, field: descriptor.FieldDescriptor, value: Any) -> None:
    if field.is_repeated:
        getattr(msg, field.name).append(value)
    else:
        setattr(msg, field.name, value)


def _set_value(target: struct_pb2.Value, value: Any) -> None:
    if isinstance(value, dict):
        for k, v in value.items():
            _set_value(target.struct_value.fields[k], v)
        target.struct_value.SetInParent()
    elif isinstance(value, list):
        target.list_value.SetInParent()
        for v in value:
            _set_value(target.list_value.values.add(), v)
    elif value is None:
        target.null_value = struct_pb2.NULL_VALUE
    elif isinstance(value, bool):
        target.bool_value = value
    elif isinstance(value, (int, float)):
        target.number_value = float(value)
    else:
        target.string_value = value


def _sendable(value: str) -> bool:
    return all(" " <= ch <= "~" for ch in value)


def corrupt(data: bytes, rng: random.Random) -> bytes:
    r = rng.random()
    if r < 0.3 and data:
        i = rng.randrange(len(data))
        return data[:i] + bytes([rng.randrange(256)]) + data[i + 1 :]
    if r < 0.6:
        return data[: rng.randrange(len(data) + 1)]
    return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 64)))


class Fuzzer:
    def __init__(self, running: Running, pool: Pool, rng: random.Random) -> None:
        self.running, self.pool, self.rng = running, pool, rng
        self.channel = grpc.insecure_channel(f"127.0.0.1:{running.port}")
        assert running.web is not None
        self.web = http.client.HTTPConnection("127.0.0.1", running.web.port, timeout=30)
        self.codes: Counter[tuple[str, str]] = Counter()
        self.bad: list[str] = []
        self.methods = [(s, m) for s in SERVICES for m in s.methods]

    def one(self) -> None:
        service, method = self.rng.choice(self.methods)
        request = message_factory.GetMessageClass(method.input_type)()
        fill(request, self.pool)
        data = request.SerializeToString()
        if self.rng.random() < 0.1:
            data = corrupt(data, self.rng)
        path = f"/{service.full_name}/{method.name}"
        metadata = self._metadata()
        transport = "grpc" if self.rng.random() < 0.5 else "grpc-web"
        code = self._grpc(path, data, metadata, method) if transport == "grpc" else self._web(path, data, metadata)
        self.codes[(transport, code)] += 1
        if code in BAD:
            self.bad.append(f"{transport} {path} -> {code}")

    def _metadata(self) -> list[tuple[str, str]]:
        r = self.rng.random()
        if r < 0.4:
            return []
        if r < 0.85:
            return [("authorization", f"Bearer {self.rng.choice(self.pool.tokens)}")]
        return [("authorization", self.rng.choice(["Bearer", "Basic x", "Bearer " + self.pool.text()[:40]]))]

    def _grpc(self, path: str, data: bytes, metadata: list[tuple[str, str]], method: Any) -> str:
        if not all(_sendable(value) for _, value in metadata):
            return "CLIENT_REFUSED"  # gRPC metadata is printable ASCII: grpcio would not send it, no server sees it
        try:
            if method.server_streaming:
                call = self.channel.unary_stream(path, request_serializer=None, response_deserializer=None)
                for _ in call(data, metadata=metadata, timeout=0.05):
                    pass
            else:
                self.channel.unary_unary(path, request_serializer=None, response_deserializer=None)(
                    data, metadata=metadata, timeout=10
                )
        except grpc.RpcError as error:
            if "Illegal header value" in (error.details() or "") or "validate_metadata" in str(error):
                return "CLIENT_REFUSED"  # grpcio would not send it: no server ever saw this request
            return error.code().name
        except ValueError:  # metadata grpcio itself refuses to send (not a server answer)
            return "CLIENT_REFUSED"
        return "OK"

    def _web(self, path: str, data: bytes, metadata: list[tuple[str, str]]) -> str:
        r = self.rng.random()
        if r < 0.01:
            return self._oversized(path)
        flags = 0
        content_type = "application/grpc-web+proto"
        if r < 0.03:
            content_type = self.rng.choice(["application/grpc", "application/grpc+proto"])  # the gRPC port's
        elif r < 0.05:
            flags = 1  # compressed, and no grpc-encoding header
        elif r < 0.06:
            flags = self.rng.choice([2, 3, 0x80, 0x81, 0xFF])
        body = struct.pack(">BI", flags, len(data)) + data
        text = content_type == "application/grpc-web+proto" and self.rng.random() < 0.2
        if self.rng.random() < 0.05:
            body = corrupt(body, self.rng)  # a broken frame
        headers = {"content-type": "application/grpc-web-text" if text else content_type}
        headers["grpc-timeout"] = "50m"
        for key, value in metadata:
            try:
                value.encode("latin-1")
            except UnicodeEncodeError:
                return "CLIENT_REFUSED"
            headers[key] = value
        try:
            self.web.request("POST", path, body=base64.b64encode(body) if text else body, headers=headers)
            response = self.web.getresponse()
            raw = response.read()
        except (http.client.HTTPException, OSError):
            self.web.close()
            return "CONNECTION_RESET"
        if response.status != 200:
            return f"HTTP_{response.status}"
        if text:
            raw = b"".join(base64.b64decode(c + b"=" * (-len(c) % 4)) for c in raw.split(b"=") if c)
        status = response.getheader("grpc-status")
        at = 0
        while status is None and at + 5 <= len(raw):
            flags, length = struct.unpack(">BI", raw[at : at + 5])
            if flags & 0x80:
                for line in raw[at + 5 : at + 5 + length].decode(errors="replace").split("\r\n"):
                    if line.lower().startswith("grpc-status:"):
                        status = line.split(":", 1)[1].strip()
            at += 5 + length
        return _code_name(status)

    def _oversized(self, path: str) -> str:
        """A grpc-web-text body of up to 32 MB (the limit is 1 MiB a message), sent until the server answers."""
        assert self.running.web is not None
        declared = self.rng.random() < 0.5
        size = 32 << 20
        first = b"AAAA" if self.rng.random() < 0.5 else base64.b64encode(struct.pack(">BI", 0, 1 << 20) + b"\0")
        head = f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/grpc-web-text\r\n"
        head += f"Content-Length: {size}\r\n\r\n" if declared else "Transfer-Encoding: chunked\r\n\r\n"
        block = b"A" * 65536
        piece = block if declared else b"%x\r\n%s\r\n" % (len(block), block)
        sent, said = 0, b""
        with socket.create_connection(("127.0.0.1", self.running.web.port), timeout=30) as s:
            s.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 65536)
            s.sendall(head.encode() + (first if declared else b"%x\r\n%s\r\n" % (len(first), first)))
            pending = b""
            try:
                while sent < size:
                    readable, _, _ = select.select([s], [], [], 0)
                    if readable:
                        break
                    pending = pending or piece
                    n = s.send(pending)
                    pending, sent = pending[n:], sent + n
            except OSError:
                pass
            try:
                while chunk := s.recv(65536):
                    said += chunk
            except OSError:
                pass
        if sent >= size:
            self.bad.append(f"grpc-web-text {path}: a 32 MB body was read whole before any answer")
        status = re.search(rb"\r\ngrpc-status: ?(\d+)", said.partition(b"\r\n\r\n")[0])
        if not said.startswith(b"HTTP/1.1 200"):
            return f"HTTP_{said[9:12].decode(errors='replace') or 'NONE'}"
        if status is None:  # not trailers-only: the status is in the trailer frame of the (chunked) base64 body
            body, rest = b"", said.partition(b"\r\n\r\n")[2]
            while (size_line := rest.partition(b"\r\n"))[0] not in (b"", b"0"):
                length = int(size_line[0], 16)
                body, rest = body + size_line[2][:length], size_line[2][length + 2 :]
            decoded = b"".join(base64.b64decode(c + b"=" * (-len(c) % 4)) for c in body.split(b"=") if c)
            status = re.search(rb"grpc-status: ?(\d+)", decoded)
        return _code_name(status.group(1).decode() if status else None)


def _code_name(status: str | None) -> str:
    number = int(status) if status is not None else -1
    return next((c.name for c in grpc.StatusCode if c.value[0] == number), "NO_STATUS")


class ErrorLines(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(f"{record.name}: {record.getMessage()}")


def run(requests: int, seed: int, out: Callable[[str], None] = click.echo) -> bool:
    rng = random.Random(seed)
    errors = ErrorLines()
    logging.getLogger().addHandler(errors)
    with tempfile.TemporaryDirectory() as tmp:
        store = f"sqlite:///{Path(tmp) / 'fuzz.db'}"
        running = start(Settings(store=store, port=0, web_port=free_port(), metrics_port=0, organizer_token=ORGANIZER))
        try:
            with Client(f"127.0.0.1:{running.port}", retries=1) as client:
                fuzzer = Fuzzer(running, Pool(client, rng), rng)
                began = time.perf_counter()
                for _ in range(requests):
                    fuzzer.one()
                seconds = time.perf_counter() - began
            ledger = running.ledger
            diverging = [g for g in ledger.all_game_ids() if not verify_stream(g, ledger.stream(g)).ok]
        finally:
            running.stop(1)
            logging.getLogger().removeHandler(errors)
    out(f"{requests} requests in {seconds:.1f}s ({requests / seconds:,.0f}/s), seed {seed}")
    out(f"{'transport':10} {'code':22} {'count':>8}")
    for (transport, code), count in sorted(fuzzer.codes.items()):
        out(f"{transport:10} {code:22} {count:8}")
    out(
        f"UNKNOWN/INTERNAL answers: {len(fuzzer.bad)}; ERROR log lines: {len(errors.lines)}; "
        f"games diverging: {len(diverging)}"
    )
    for line in (fuzzer.bad + errors.lines)[:20]:
        out(f"  {line}")
    return not fuzzer.bad and not errors.lines and not diverging


@click.command()
@click.option("--requests", default=100_000, show_default=True, type=click.IntRange(1, 2_000_000))
@click.option("--seed", default=1, show_default=True, type=int)
def main(requests: int, seed: int) -> None:
    """Send random requests to every RPC on both ports; exit 1 on UNKNOWN/INTERNAL, ERROR logs or a diverging game."""
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s %(message)s")
    sys.exit(0 if run(requests, seed) else 1)


if __name__ == "__main__":
    main()
