"""Regenerate the Python stubs beside the .proto files: python proto/gen.py

Generated modules (and mypy-protobuf .pyi stubs) are committed; CI runs
`python proto/gen.py --check`, which regenerates into a scratch folder and
fails when anything committed differs.
Because --proto_path is proto/ and the files live in playledger/v1/, the
generated imports read `from playledger.v1 import games_pb2`.
`playledger/v1/descriptors.binpb` is the FileDescriptorSet with the proto
comments (the generated modules drop them): the server's reflection serves it,
so `grpcurl describe` shows what each field means.
"""

from __future__ import annotations

import filecmp
import sys
import tempfile
from pathlib import Path

import grpc_tools
from grpc_tools import protoc

ROOT = Path(__file__).resolve().parent
DESCRIPTORS = Path("playledger/v1/descriptors.binpb")


def generate(out: Path) -> int:
    (out / DESCRIPTORS).parent.mkdir(parents=True, exist_ok=True)
    protos = sorted(str(p.relative_to(ROOT)) for p in ROOT.glob("playledger/**/*.proto"))
    return protoc.main(
        [
            "grpc_tools.protoc",
            f"--proto_path={Path(grpc_tools.__file__).parent / '_proto'}",  # google/protobuf/*.proto
            f"--proto_path={ROOT}",
            f"--python_out={out}",
            f"--grpc_python_out={out}",
            f"--mypy_out={out}",
            f"--mypy_grpc_out={out}",
            f"--descriptor_set_out={out / DESCRIPTORS}",
            "--include_imports",
            "--include_source_info",
            *protos,
        ]
    )


def check() -> int:
    """1 when the committed stubs differ from what the .proto files produce now."""
    with tempfile.TemporaryDirectory() as tmp:
        if generate(Path(tmp)) != 0:
            return 1
        stale = []
        for fresh in sorted([*Path(tmp).rglob("*_pb2*.py*"), Path(tmp) / DESCRIPTORS]):
            committed = ROOT / fresh.relative_to(tmp)
            if not committed.exists() or not filecmp.cmp(fresh, committed, shallow=False):
                stale.append(str(committed.relative_to(ROOT.parent)))
    if stale:
        print("stale generated code (run python proto/gen.py):", *stale, sep="\n  ")
        return 1
    print("generated code is up to date")
    return 0


if __name__ == "__main__":
    sys.exit(check() if "--check" in sys.argv[1:] else generate(ROOT))
