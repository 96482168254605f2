"""Rule diagrams: what the rules model computes for a rule example, drawn on a close-up of the board.

:func:`marks.compute_marks` asks the engine what to draw (paths, legal
destinations, weapon reach, blockers, the verdict, the result);
:func:`draw.diagram_svg` draws it; :func:`build.draw_example` is the plug-in's
``diagram`` hook, which the shared :mod:`generator.play.diagram_files` writes as
SVG, PDF or PNG.
"""
