"""Read models rebuilt from the game streams (see DESIGN.md "projections")."""
