"""Dravakron's part of its rulebook: facts, pictures and example diagrams."""
