"""YAML loading that remembers where every value came from (line and column), within safe limits.

Only plain YAML is read: mappings with text or number keys, lists, text,
numbers, true/false and null. Every other tag, a key that is itself a list
or mapping, nesting deeper than :data:`MAX_DEPTH`, aliases that expand past
:data:`MAX_NODES` values or refer to themselves, numbers that are not finite
(``.nan``, ``.inf``) and control characters in text are refused with the
file, line and column where they are written.
"""
from __future__ import annotations

import math
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from ..errors import Problem, SpecError

PathKey = tuple[Any, ...]

#: Deepest nesting of lists and mappings a spec may use.
MAX_DEPTH = 40
#: Most values a spec may hold once its aliases are expanded.
MAX_NODES = 200_000
#: Largest spec file read, in bytes.
MAX_BYTES = 4_000_000
#: The tags of plain YAML data; a spec may use no other.
PLAIN_TAGS = frozenset(f"tag:yaml.org,2002:{t}" for t in ("str", "int", "float", "bool", "null", "map", "seq"))
_TIMESTAMP = "tag:yaml.org,2002:timestamp"
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_OPENING = (yaml.FlowSequenceStartToken, yaml.FlowMappingStartToken, yaml.BlockSequenceStartToken,
            yaml.BlockMappingStartToken)
_CLOSING = (yaml.FlowSequenceEndToken, yaml.FlowMappingEndToken, yaml.BlockEndToken)


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


@dataclass
class _Builder:
    """Turns a composed node graph into plain data, counting values and refusing what is not plain YAML."""

    doc: Document
    count: int = 0
    open_nodes: set[int] = field(default_factory=set)
    constructor: yaml.SafeLoader = field(default_factory=lambda: yaml.SafeLoader(""))

    def refuse(self, node: yaml.Node, message: str, hint: str) -> SpecError:
        """A located error at ``node``."""
        mark = node.start_mark
        return SpecError([Problem(self.doc.path, mark.line + 1, mark.column + 1, message, hint)])

    def build(self, node: yaml.Node, key: PathKey) -> Any:
        """The value of ``node``, whose place in the document is ``key``."""
        self.count += 1
        if self.count > MAX_NODES:  # reported at the top-level value that grows too big
            line, column = self.doc.where(key[:1])
            raise SpecError([Problem(self.doc.path, line, column,
                                     f"the aliases in this file expand to more than {MAX_NODES:,} values",
                                     "write the values out instead of repeating large aliases (&name / *name)")])
        if node.tag not in PLAIN_TAGS and node.tag != _TIMESTAMP:
            tag = node.tag.replace("tag:yaml.org,2002:", "!!")
            raise self.refuse(node, f"the tag '{tag}' is not allowed in a spec",
                              "remove the tag (a '!' or '!!' word); specs hold plain text, numbers, lists "
                              "and mappings")
        if id(node) in self.open_nodes:
            raise self.refuse(node, "an alias refers to the list or mapping that contains it",
                              "an alias (*name) may only repeat a value defined before and outside it")
        mark = node.start_mark
        self.doc.locations[key] = (mark.line + 1, mark.column + 1)
        if isinstance(node, yaml.ScalarNode):
            return self.scalar(node)
        self.open_nodes.add(id(node))
        try:
            if isinstance(node, yaml.MappingNode):
                return self.mapping(node, key)
            return [self.build(item, key + (i,)) for i, item in enumerate(node.value)]
        finally:
            self.open_nodes.discard(id(node))

    def mapping(self, node: yaml.MappingNode, key: PathKey) -> dict[Any, Any]:
        """A mapping whose keys are text or numbers, each key once."""
        result: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode) or key_node.tag not in PLAIN_TAGS:
                raise self.refuse(key_node, "a key must be a plain word or number",
                                  "write the key as text; a list, mapping, tag or merge (<<) cannot be a key")
            name = self.scalar(key_node)
            if name in result:
                raise self.refuse(key_node, f"key '{name}' appears twice in the same mapping",
                                  "keep one of the two entries")
            child = key + (name,)
            self.doc.key_locations[child] = (key_node.start_mark.line + 1, key_node.start_mark.column + 1)
            result[name] = self.build(value_node, child)
        return result

    def scalar(self, node: yaml.ScalarNode) -> Any:
        """The value of a scalar: text without control characters, a finite number, a boolean or null."""
        if node.tag == _TIMESTAMP:
            return node.value  # a date is text to every spec
        try:
            value = self.constructor.construct_object(node, deep=True)
        except (yaml.constructor.ConstructorError, ValueError) as exc:
            raise self.refuse(node, f"cannot read '{node.value}' as {node.tag.rsplit(':', 1)[-1]} ({exc})",
                              "write a plain number or text, without a tag") from None
        if isinstance(value, float) and not math.isfinite(value):
            raise self.refuse(node, f"'{node.value}' is not a finite number",
                              "write an ordinary number; .nan and .inf are not allowed")
        if isinstance(value, str):
            bad = next((c for c in value if c not in "\t\n" and unicodedata.category(c) in ("Cc", "Cs")), None)
            if bad is not None:
                raise self.refuse(node, f"the text holds the control character U+{ord(bad):04X}",
                                  "remove it; text may hold letters, digits, punctuation, spaces and tabs")
        return value


def _check_depth(text: str, path: Path) -> None:
    """Refuse nesting deeper than :data:`MAX_DEPTH` before the (recursive) composer sees it.

    libyaml reads ahead and may stop on its own limit (1,000 levels) before the
    tokens past ours reach the count; the pure-Python scanner, which has no such
    limit, then finds the place where ours is passed.
    """
    try:
        _count_depth(text, path, _LOADER)
    except yaml.MarkedYAMLError as exc:
        if "nesting depth" not in str(exc.problem):
            raise
        _count_depth(text, path, yaml.SafeLoader)
        raise


def _count_depth(text: str, path: Path, loader: Any) -> None:
    depth = 0
    for token in yaml.scan(text, Loader=loader):
        if isinstance(token, _OPENING):
            depth += 1
            if depth > MAX_DEPTH:
                mark = token.start_mark
                raise SpecError([Problem(path, mark.line + 1, mark.column + 1,
                                         f"lists and mappings are nested more than {MAX_DEPTH} deep",
                                         "flatten the structure; no spec needs this depth")])
        elif isinstance(token, _CLOSING):
            depth -= 1


def load_document(path: Path | str) -> Document:
    """Read a YAML file; a missing file, a syntax error or anything but plain data is a located :class:`SpecError`."""
    path = Path(path)
    if not path.is_file():
        raise SpecError([Problem(path, None, None, "file not found",
                                 "check the path, or create the file (see specs/ for examples)")])
    if path.stat().st_size > MAX_BYTES:
        raise SpecError([Problem(path, None, None, f"the file is larger than {MAX_BYTES // 1_000_000} MB",
                                 "a spec is a short text file; check that this is the right file")])
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise SpecError([Problem(path, None, None, f"not UTF-8 text ({exc.reason})", "save the file as UTF-8")]) from None
    doc = Document(path, None)
    try:
        _check_depth(text, path)
        node = yaml.compose(text, Loader=_LOADER)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        column = mark.column + 1 if mark else None
        raise SpecError([Problem(path, line, column, f"YAML syntax error: {exc.problem or exc.context}",
                                 "check indentation, colons and quotes on this line")]) from None
    except yaml.reader.ReaderError as exc:  # a character YAML does not allow, at a character position
        line = text.count("\n", 0, exc.position) + 1
        column = exc.position - text.rfind("\n", 0, exc.position)
        raise SpecError([Problem(path, line, column, f"the character U+{exc.character:04X} is not allowed in YAML",
                                 "remove it; save the file as plain UTF-8 text")]) from None
    if node is None:
        raise SpecError([Problem(path, 1, 1, "the file is empty", "fill it in; see the files next to it for examples")])
    builder = _Builder(doc)
    try:
        doc.data = builder.build(node, ())
    finally:
        builder.constructor.dispose()
    return doc
