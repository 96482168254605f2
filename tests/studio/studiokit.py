"""What the studio's tests share: the test client's address and token, and helpers to read its pages."""
from __future__ import annotations

import re

#: The port the test client's studio believes it listens on, and its token.
PORT, TOKEN = 8000, "test-token-of-this-session"
BASE = f"http://127.0.0.1:{PORT}"


def svgs(page: str) -> list[str]:
    """The inline SVG pages of an HTML page (the previews), margin overlays left out."""
    return [m for m in re.findall(r"<svg\b.*?</svg>", page, flags=re.S) if 'class="bk-margin"' not in m[:200]]


def field_value(page: str, name: str) -> str:
    """The value of the input named ``name`` on a page."""
    found = re.search(rf'<input[^>]*name="{re.escape(name)}"[^>]*value="([^"]*)"', page)
    assert found, f"no input {name}"
    return found.group(1)
