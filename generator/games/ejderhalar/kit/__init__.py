"""Ejderhalar's printed kit: its tokens (one kind per dragon, from the layout), the tokens-only kit and its book."""
