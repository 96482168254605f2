"""Cut files for home cutting machines: every punch, card and decal sheet, printed and then cut by machine.

``boardkit print <game> --cut silhouette,cricut`` adds, for every two-sided
punch, card and decal sheet the build makes, the files a Silhouette (print
with registration marks, cut paths as DXF and SVG) or a Cricut (Print Then
Cut image, cut paths as SVG) needs, each sheet laid out again by its own
composer inside the machine's area (:mod:`.sheets`); a test page per machine
(:mod:`.testcut`); and the steps for each machine at the end of the print
guide (:mod:`.guide`).

The package imports none of its modules: checking the machines' names (:mod:`.machines`, which every build
does) must not load the drawing of cut paths (shapely and numpy, about 0.1 s).
"""
