"""Regenerate the Python stubs beside the .proto files: python proto/gen.py

Generated modules (and mypy-protobuf .pyi stubs) are committed; CI runs this
script and fails when `git diff --exit-code proto/` shows they were stale.
Because --proto_path is proto/ and the files live in playledger/v1/, the
generated imports read `from playledger.v1 import games_pb2`.
"""

from __future__ import annotations

import sys
from pathlib import Path

import grpc_tools
from grpc_tools import protoc

ROOT = Path(__file__).resolve().parent


def main() -> int:
    protos = sorted(str(p.relative_to(ROOT)) for p in ROOT.glob("playledger/**/*.proto"))
    return protoc.main(
        [
            "grpc_tools.protoc",
            f"--proto_path={Path(grpc_tools.__file__).parent / '_proto'}",  # google/protobuf/*.proto
            f"--proto_path={ROOT}",
            f"--python_out={ROOT}",
            f"--grpc_python_out={ROOT}",
            f"--mypy_out={ROOT}",
            f"--mypy_grpc_out={ROOT}",
            *protos,
        ]
    )


if __name__ == "__main__":
    sys.exit(main())
