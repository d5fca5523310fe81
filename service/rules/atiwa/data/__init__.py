"""Atiwa's static data, one module per part of the spec (every ASSUMED value lives here).

- pieces.py      §1/§2 pieces, §10.1 supply-board row values, food values, the pollution bag, scoring numbers
- cards.py       §1 field types, §10.2 location cards, §10.3 the 36 terrain cards
- board.py       §10.4 action spaces and extensions, §10.5 round track (below-actions, tiles, breeding,
                 solo colours), §3 setup tables (display size, start card, compensation)
- challenges.py  §8 solo goal and the eight challenges
"""
