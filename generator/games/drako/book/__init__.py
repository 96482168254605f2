"""Drako's books (the rulebook, the rules reference, the player aid): their facts and pictures, imported on
first use."""
