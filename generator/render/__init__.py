"""Renderers: pure functions from models to SVG elements, in millimetres."""
