#!/usr/bin/env python3
"""Validates JSON documents against route-planner's JSON Schemas or the vendored DCSA specification.

usage: validate_json.py SCHEMA [FILE ...]
       validate_json.py --dcsa NAME [--spec PATH] [FILE ...]

SCHEMA is a JSON Schema file, such as docs/schemas/cargo.schema.json (draft 2020-12); the other *.schema.json
files beside it are registered by their $id, so that its references to them resolve. With --dcsa, NAME is a
component schema of the vendored DCSA Commercial Schedules 1.0.3 specification, such as PointToPoint or
ServiceSchedule; an array document is then validated element by element, as the endpoints' responses are
arrays of the schema. With --spec docs/dcsa/TNT_v2.2.0-resolved.yaml, NAME `event` validates each element of an
array of Track & Trace events against the schema its eventType names (transportEvent, equipmentEvent,
shipmentEvent).

Each FILE holds one JSON document; without a FILE, or for "-", standard input is read, and it may hold several
documents separated by a line holding only the ASCII record separator (0x1E), so that a test validates many
documents in one start of Python.

Every problem is printed as "DOCUMENT: $PATH: MESSAGE" (DOCUMENT is the file name, or stdin#N from 1); the exit
status is 0 when every document is valid, 1 when one is not, 2 when the tool cannot run (jsonschema or pyyaml
missing, an unknown schema, a document that is not JSON).

The DCSA specification is docs/dcsa/CS_v1.0.3.yaml beside this tool unless --spec names another. Needs
jsonschema (4.18 or later) and pyyaml. Formats are checked: date-time is RFC 3339 with an offset, checked here
by a regular expression so that the check never depends on which optional format packages are installed.
"""
import argparse
import json
import os
import re
import sys

try:
    import jsonschema
    import referencing
    import yaml
except ImportError as error:
    print(f"validate_json.py: {error.name} is missing: python3 -m pip install 'jsonschema>=4.18' pyyaml", file=sys.stderr)
    sys.exit(2)

SPEC = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "docs", "dcsa", "CS_v1.0.3.yaml")
DATE_TIME = re.compile(r"^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$")


def date_time_checker():
    formats = jsonschema.FormatChecker()

    @formats.checks("date-time")
    def is_date_time(value):
        return not isinstance(value, str) or DATE_TIME.match(value) is not None

    return formats


def schema_validator(schema_path):
    """A validator for a schema file, with the schemas beside it registered by their $id."""
    folder = os.path.dirname(os.path.abspath(schema_path))
    resources = []
    for name in sorted(os.listdir(folder)):
        if name.endswith(".schema.json"):
            with open(os.path.join(folder, name), encoding="utf-8") as f:
                contents = json.load(f)
            resources.append((contents["$id"], referencing.Resource.from_contents(contents)))
    with open(schema_path, encoding="utf-8") as f:
        schema = json.load(f)
    registry = referencing.Registry().with_resources(resources)
    return jsonschema.Draft202012Validator(schema, registry=registry, format_checker=date_time_checker())


def dcsa_validator(spec_path, name):
    with open(spec_path, encoding="utf-8") as f:
        spec = yaml.safe_load(f)
    schemas = spec["components"]["schemas"]
    if name not in schemas:
        print(f"validate_json.py: no schema {name!r} in {spec_path}; it has {', '.join(sorted(schemas))}", file=sys.stderr)
        sys.exit(2)
    # The schema is validated with the specification's components beside it, so that its $refs resolve.
    schema = {"$ref": f"#/components/schemas/{name}", "components": spec["components"]}
    return jsonschema.Draft7Validator(schema, format_checker=date_time_checker())


class EventValidator:
    """Validates a Track & Trace event against the schema of its eventType."""

    SCHEMAS = {"TRANSPORT": "transportEvent", "EQUIPMENT": "equipmentEvent", "SHIPMENT": "shipmentEvent"}

    def __init__(self, spec_path):
        self.validators = {kind: dcsa_validator(spec_path, name) for kind, name in self.SCHEMAS.items()}

    def iter_errors(self, item):
        kind = item.get("eventType") if isinstance(item, dict) else None
        if kind not in self.validators:
            return [jsonschema.ValidationError(f"eventType {kind!r} is not TRANSPORT, EQUIPMENT or SHIPMENT")]
        return self.validators[kind].iter_errors(item)


def path(error):
    text = "$"
    for part in error.absolute_path:
        text += f"[{part}]" if isinstance(part, int) else f".{part}"
    return text


def documents(files):
    if not files or files == ["-"]:
        text = sys.stdin.read()
        parts = re.split(r"\n?\x1e\n?", text)
        return [(f"stdin#{index + 1}", part) for index, part in enumerate(parts)]
    result = []
    for name in files:
        with open(name, encoding="utf-8") as f:
            result.append((name, f.read()))
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--spec", default=SPEC)
    parser.add_argument("--dcsa", metavar="NAME")
    parser.add_argument("arguments", nargs="*")
    args = parser.parse_args()
    if args.dcsa:
        check = EventValidator(args.spec) if args.dcsa == "event" else dcsa_validator(args.spec, args.dcsa)
        files, by_item = args.arguments, True
    elif args.arguments:
        if not os.path.isfile(args.arguments[0]):
            print(f"validate_json.py: no schema file {args.arguments[0]}", file=sys.stderr)
            sys.exit(2)
        check, files, by_item = schema_validator(args.arguments[0]), args.arguments[1:], False
    else:
        parser.print_usage(sys.stderr)
        sys.exit(2)
    problems = 0
    for name, text in documents(files):
        try:
            document = json.loads(text)
        except json.JSONDecodeError as error:
            print(f"{name}: not JSON: {error}")
            sys.exit(2)
        items = list(enumerate(document)) if by_item and isinstance(document, list) else [(None, document)]
        for index, item in items:
            for error in sorted(check.iter_errors(item), key=lambda e: list(map(str, e.absolute_path))):
                where = path(error)
                if index is not None:
                    where = f"$[{index}]" + where[1:]
                print(f"{name}: {where}: {error.message}")
                problems += 1
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
