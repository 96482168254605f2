"""YAML loading that remembers where every value came from (line and column)."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from .errors import Problem, SpecError

PathKey = tuple[Any, ...]


@dataclass
class Document:
    """A parsed YAML file: its data and the 1-based location of every node."""

    path: Path
    data: Any
    locations: dict[PathKey, tuple[int, int]] = field(default_factory=dict)
    key_locations: dict[PathKey, tuple[int, int]] = field(default_factory=dict)

    def where(self, key: PathKey, *, of_key: bool = False) -> tuple[int | None, int | None]:
        """Line and column of the value at ``key`` (or of its mapping key), nearest parent if unknown."""
        table = self.key_locations if of_key else self.locations
        probe = tuple(key)
        while True:
            if probe in table:
                return table[probe]
            if probe in self.locations:
                return self.locations[probe]
            if not probe:
                return (None, None)
            probe = probe[:-1]

    def problem(self, key: PathKey, message: str, hint: str = "", *, of_key: bool = False) -> Problem:
        """A :class:`Problem` located at ``key`` in this document."""
        line, column = self.where(key, of_key=of_key)
        return Problem(self.path, line, column, message, hint)


def _build(node: yaml.Node, key: PathKey, doc: Document) -> Any:
    mark = node.start_mark
    doc.locations[key] = (mark.line + 1, mark.column + 1)
    if isinstance(node, yaml.MappingNode):
        result: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            name = yaml.safe_load(yaml.serialize(key_node)) if not isinstance(key_node, yaml.ScalarNode) else _scalar(key_node)
            if name in result:
                raise SpecError([Problem(doc.path, key_node.start_mark.line + 1, key_node.start_mark.column + 1,
                                         f"key '{name}' appears twice in the same mapping",
                                         "keep one of the two entries")])
            child = key + (name,)
            doc.key_locations[child] = (key_node.start_mark.line + 1, key_node.start_mark.column + 1)
            result[name] = _build(value_node, child, doc)
        return result
    if isinstance(node, yaml.SequenceNode):
        return [_build(item, key + (i,), doc) for i, item in enumerate(node.value)]
    return _scalar(node)


def _scalar(node: yaml.Node) -> Any:
    constructor = yaml.SafeLoader("")
    try:
        return constructor.construct_object(node, deep=True)
    finally:
        constructor.dispose()


def load_document(path: Path | str) -> Document:
    """Read a YAML file; a missing file or a syntax error becomes a located :class:`SpecError`."""
    path = Path(path)
    if not path.is_file():
        raise SpecError([Problem(path, None, None, "file not found",
                                 "check the path, or create the file (see specs/ for examples)")])
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise SpecError([Problem(path, None, None, f"not UTF-8 text ({exc.reason})", "save the file as UTF-8")]) from None
    doc = Document(path, None)
    try:
        node = yaml.compose(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        column = mark.column + 1 if mark else None
        raise SpecError([Problem(path, line, column, f"YAML syntax error: {exc.problem or exc.context}",
                                 "check indentation, colons and quotes on this line")]) from None
    if node is None:
        raise SpecError([Problem(path, 1, 1, "the file is empty", "fill it in; see the files next to it for examples")])
    doc.data = _build(node, (), doc)
    return doc
