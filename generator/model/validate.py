"""Check a YAML document against its JSON Schema and turn failures into located problems."""
from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from typing import Any, Mapping

import jsonschema

from ..errors import Problem
from .schemas import SCHEMAS
from .yamlsource import Document

_TYPE_NAMES = {"object": "a mapping (key: value lines)", "array": "a list", "string": "text",
               "integer": "a whole number", "number": "a number", "boolean": "true or false"}


def did_you_mean(word: str, choices: list[str]) -> str:
    """A 'did you mean' hint for a misspelt name, or an empty string."""
    import difflib  # imported here, when first needed, to keep start-up fast (only a misspelt name asks)

    close = difflib.get_close_matches(str(word), choices, n=1, cutoff=0.6)
    return f"did you mean '{close[0]}'?" if close else ""


def _unknown_key_problems(doc: Document, error: jsonschema.ValidationError,
                          at: tuple[Any, ...] = ()) -> list[Problem]:
    allowed = sorted(_schema(error).get("properties", {}))
    base = at + tuple(error.absolute_path)
    problems = []
    instance: Any = error.instance
    for key in instance:
        if key in allowed:
            continue
        hint = did_you_mean(key, allowed) or f"allowed keys here: {', '.join(allowed)}"
        problems.append(doc.problem(base + (key,), f"unknown key '{key}'", hint, of_key=True))
    return problems


def _schema(error: jsonschema.ValidationError) -> Mapping[str, Any]:
    """The schema an error was raised by (empty for a bare true/false schema)."""
    return error.schema if isinstance(error.schema, Mapping) else {}


def _describe(error: jsonschema.ValidationError) -> tuple[str, str]:
    value: Any = error.instance
    want: Any = error.validator_value
    if error.validator == "type":
        wants = " or ".join(_TYPE_NAMES.get(str(w), str(w)) for w in (want if isinstance(want, list) else [want]))
        return f"expected {wants}, found {value!r}", f"write {wants} here"
    if error.validator == "required":
        missing = [k for k in want if k not in value]
        return (f"missing required key{'s' if len(missing) > 1 else ''} {', '.join(repr(m) for m in missing)}",
                "add it to this mapping")
    if error.validator == "enum":
        options = [str(o) for o in want]
        hint = did_you_mean(value, options) or f"choose one of: {', '.join(options)}"
        return f"{value!r} is not allowed here", hint
    if error.validator == "pattern" and isinstance(value, str) and not value.strip():
        return "the text is empty", f"write it here: {_schema(error).get('description', 'some text')}"
    if error.validator == "pattern" and isinstance(value, str):
        what = _schema(error).get("description", f"text matching {want}")
        trimmed, folded = value.strip(), ascii_folded(value)
        if trimmed != value and matches(want, trimmed):
            return f"{value!r} has a space or line break at its start or end", f"write '{trimmed}'"
        if folded != value and matches(want, folded):
            letter = next(c for c in value if not c.isascii())
            return (f"{value!r} holds '{letter}', which is not an ASCII letter (a-z, A-Z)",
                    f"write '{folded}'; {what[:1].lower()}{what[1:]}")
        return f"{value!r} is not valid", what
    if error.validator in ("minimum", "exclusiveMinimum", "maximum", "exclusiveMaximum"):
        return f"{value!r} is out of range ({error.message})", "use a value inside the range"
    if error.validator in ("minItems", "maxItems", "minLength", "maxLength", "minProperties"):
        return error.message, "add or remove entries"
    if error.validator == "uniqueItems":
        return f"the list repeats an entry: {value!r}", "list each entry once"
    return error.message, ""


def matches(pattern: str, text: str) -> bool:
    """Whether ``text`` matches a JSON Schema ``pattern`` as the standard reads it (ECMA-262): a '$' that ends
    the pattern ends the text, where Python's '$' also matches before a final line break."""
    if pattern.endswith("$") and not pattern.endswith("\\$"):
        pattern = pattern[:-1] + r"\Z"
    return re.search(pattern, text) is not None


def ascii_folded(text: str) -> str:
    """``text`` with its letters' accents taken off and any other non-ASCII character left out ('grün': 'grun')."""
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")


def _pattern(validator: Any, pattern: str, instance: Any, schema: Mapping[str, Any]) -> Iterator[
        jsonschema.ValidationError]:
    if validator.is_type(instance, "string") and not matches(pattern, instance):
        yield jsonschema.ValidationError(f"{instance!r} does not match {pattern!r}")


#: The validator of every spec: JSON Schema 2020-12, its patterns read as the standard reads them.
_VALIDATOR = jsonschema.validators.extend(  # type: ignore[no-untyped-call]
    jsonschema.Draft202012Validator, validators={"pattern": _pattern})


def _strict_integer(checker: Any, instance: Any) -> bool:
    return isinstance(instance, int) and not isinstance(instance, bool)


#: A validator whose "integer" is an int only, so that a whole number written as 16.0 can be found and made one.
_STRICT = jsonschema.validators.extend(  # type: ignore[no-untyped-call]
    jsonschema.Draft202012Validator,
    type_checker=jsonschema.Draft202012Validator.TYPE_CHECKER.redefine("integer", _strict_integer))


def _whole_numbers_as_int(data: Any, schema: Mapping[str, Any]) -> None:
    """Turn every whole float (``16.0``) where ``schema`` wants an integer into that int, in place."""
    for error in _STRICT(schema).iter_errors(data):
        wanted = error.validator_value if isinstance(error.validator_value, list) else [error.validator_value]
        value = error.instance
        if (error.validator == "type" and "integer" in wanted and isinstance(value, float) and value.is_integer()
                and error.absolute_path):
            *parents, last = error.absolute_path
            container = data
            for step in parents:
                container = container[step]
            container[last] = int(value)


def check_schema(doc: Document, kind: str) -> list[Problem]:
    """Every schema violation in ``doc`` (a spec of ``kind``), located at its line and column."""
    return check_instance(doc, SCHEMAS[kind])


def check_instance(doc: Document, schema: Mapping[str, Any], at: tuple[Any, ...] = ()) -> list[Problem]:
    """Every violation of ``schema`` by the part of ``doc`` at key path ``at`` (the whole document by default).

    A missing part is not checked (the schema of the whole says whether it is required).
    """
    data: Any = doc.data
    for key in at:
        if not isinstance(data, (dict, list)) or (isinstance(data, dict) and key not in data):
            return []
        data = data[key]
    _whole_numbers_as_int(data, schema)
    validator = _VALIDATOR(schema)
    problems: list[Problem] = []
    for error in sorted(validator.iter_errors(data), key=lambda e: [str(p) for p in e.absolute_path]):
        if error.validator == "additionalProperties" and isinstance(error.instance, dict):
            problems.extend(_unknown_key_problems(doc, error, at))
            continue
        if error.validator == "propertyNames":
            continue
        message, hint = _describe(error)
        if "propertyNames" in error.relative_schema_path:  # a key that may not be a name: point at the key
            problems.append(doc.problem(at + tuple(error.absolute_path) + (error.instance,), message,
                                        "use a name of lower-case letters, digits and dashes", of_key=True))
            continue
        problems.append(doc.problem(at + tuple(error.absolute_path), message, hint))
    return problems


def schema_messages(data: Any, schema: Mapping[str, Any]) -> list[str]:
    """Every violation of ``schema`` by ``data`` as a sentence naming where (for data with no file behind it)."""
    validator = _VALIDATOR(schema)
    found = []
    for error in sorted(validator.iter_errors(data), key=lambda e: [str(p) for p in e.absolute_path]):
        where = ".".join(str(p) for p in error.absolute_path)
        if error.validator == "additionalProperties" and isinstance(error.instance, dict):
            allowed = sorted(error.schema.get("properties", {}))
            found += [f"unknown key '{key}'" + (f" in {where}" if where else "") + f" ({hint})"
                      for key in error.instance if key not in allowed
                      for hint in [did_you_mean(key, allowed) or f"allowed: {', '.join(allowed)}"]]
            continue
        message, _ = _describe(error)
        found.append(f"{where}: {message}" if where else message)
    return found


def as_list(value: Any) -> list[Any]:
    """Wrap a single value in a list; lists pass through."""
    return value if isinstance(value, list) else [value]


def option(options: Mapping[str, Any], schema: Mapping[str, Any], key: str) -> Any:
    """The value of option ``key``: as ``options`` (game.yaml's) set it, else the ``default`` the options
    ``schema`` documents for it (the one place a default is written)."""
    return options[key] if key in options else schema["properties"][key]["default"]
