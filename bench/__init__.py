"""Benchmarks and long proofs, run by their make targets (README "Benchmarks and reliability proofs").

They are tools, not the shipped service: they start real servers, drive them over the wire, and print numbers.
"""
