"""Page composition: placing rendered art on sheets of paper, with tiles, marks and labels."""
