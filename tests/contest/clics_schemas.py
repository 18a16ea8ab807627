"""The official CLICS 2023-06 JSON schemas (tests/fixtures/ccs-specs-2023-06), read the way the
spec's own check-api.sh reads them: draft 2020-12, references resolved locally by `$id`, strict
(no properties beyond the spec's) and, on request, non-empty collections.

Numbers are read as decimals, in the schemas and in the objects, because JSON numbers are decimal
text: `0.123` is a multiple of `0.001`, which binary floats cannot say."""

from __future__ import annotations

import json
from decimal import Decimal
from functools import cache
from pathlib import Path

from jsonschema import Draft202012Validator
from referencing import Registry, Resource

FOLDER = Path(__file__).parents[1] / "fixtures" / "ccs-specs-2023-06" / "json-schema"
STRICT = "ANCHOR_TO_INSERT_REQUIRE_STRICT_PROPERTIES"
NONEMPTY = "ANCHOR_TO_INSERT_REQUIRE_NONEMPTY_ENDPOINTS"


def _reader(strict: bool, nonempty: bool):
    def hook(pairs: list[tuple[str, object]]) -> dict:
        obj = dict(pairs)
        if strict and ("$comment", STRICT) in pairs:
            obj["additionalProperties"] = False
        if nonempty and ("$comment", NONEMPTY) in pairs:
            obj["minItems"] = 1
        return obj
    return hook


@cache
def _schemas(strict: bool, nonempty: bool) -> dict[str, dict]:
    hook = _reader(strict, nonempty)
    return {path.name: json.loads(path.read_text(), object_pairs_hook=hook, parse_float=Decimal)
            for path in sorted(FOLDER.glob("*.json"))}


@cache
def validator(name: str, strict: bool = True, nonempty: bool = False) -> Draft202012Validator:
    """The validator of `name` (e.g. "contest.json")."""
    schemas = _schemas(strict, nonempty)
    registry = Registry().with_resources(
        (schema["$id"], Resource.from_contents(schema)) for schema in schemas.values())
    return Draft202012Validator(schemas[name], registry=registry)


def as_served(obj) -> object:
    """`obj` as a client reads it: through JSON text, numbers as decimals."""
    return json.loads(json.dumps(obj), parse_float=Decimal)


def errors(name: str, obj, *, strict: bool = True, nonempty: bool = False) -> list[str]:
    """Every way `obj` fails schema `name`; empty when it validates."""
    found = validator(name, strict, nonempty).iter_errors(as_served(obj))
    return [f"{'/'.join(map(str, error.absolute_path)) or '.'}: {error.message}"
            for error in found]


# Properties that refer to other objects, and the endpoint those live in.
REFS = {"team_id": "teams", "problem_id": "problems", "language_id": "languages",
        "submission_id": "submissions", "judgement_id": "judgements",
        "organization_id": "organizations", "judgement_type_id": "judgement-types",
        "from_team_id": "teams", "to_team_id": "teams", "reply_to_id": "clarifications",
        "group_ids": "groups", "team_ids": "teams"}


def dangling(state: dict) -> list[str]:
    """Every reference in `state` (type -> id -> object) to an object it does not hold."""
    found = []
    for kind, objects in state.items():
        for obj in objects.values():
            for name, target in REFS.items():
                values = obj.get(name)
                values = values if isinstance(values, list) else [values]
                found += [f"{kind} {obj.get('id')}: {name}={value}" for value in values
                          if value is not None and value not in state.get(target, {})]
    return found
