"""The audit of one game lives in service.audit.verify (the server's audit API runs it too); these names stay
here for the code and documents that use them."""

from service.audit.verify import (
    CHAIN,
    FULL,
    Finding,
    Verdict,
    check_against,
    describe,
    verify_partial,
    verify_record,
    verify_stream,
)

__all__ = [
    "CHAIN",
    "FULL",
    "Finding",
    "Verdict",
    "check_against",
    "describe",
    "verify_partial",
    "verify_record",
    "verify_stream",
]
