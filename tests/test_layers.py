"""The package's layers hold: a module imports only the layers below its own (pyproject.toml's
``[tool.importlinter]`` contracts: output, model, play, render, compose, rulebook, kit and cutfiles and search, tts, studio, cli),
and the shared package never imports a game."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
LINT = [sys.executable, "-c", "import sys; from importlinter.cli import lint_imports_command; "
        "sys.exit(lint_imports_command())"]


def _lint(folder: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(folder)}
    return subprocess.run([*LINT, "--no-cache"], cwd=folder, env=env, capture_output=True, text=True, check=False)


def test_the_layers_hold() -> None:
    """Every contract is kept on the package as it is."""
    done = _lint(REPO)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "2 kept, 0 broken" in done.stdout


def test_an_import_up_the_layers_breaks_the_contract(tmp_path: Path) -> None:
    """The same contract on a copy of the layer list fails when a lower layer imports a higher one."""
    package = tmp_path / "house"
    for layer, body in {"kit": "", "model": "from house import kit\n", "output": ""}.items():
        (package / layer).mkdir(parents=True)
        (package / layer / "__init__.py").write_text(body)
    (package / "__init__.py").write_text("")
    (tmp_path / ".importlinter").write_text(
        "[importlinter]\nroot_package = house\n\n[importlinter:contract:layers]\nname = layers\ntype = layers\n"
        "containers = house\nlayers =\n    kit\n    model\n    output\n")
    done = _lint(tmp_path)
    assert done.returncode != 0
    assert "house.model is not allowed to import house.kit" in done.stdout
