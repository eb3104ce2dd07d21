"""Commands for developers: ``schema`` (the JSON Schemas of every wire format and the
docs' tables) and ``native`` (the compiled core)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from crowsnest.cli.command import command


def _schema_arguments(schema: argparse.ArgumentParser) -> None:
    schema.add_argument("name", nargs="?", default=None, metavar="NAME", help="one format")
    schema.add_argument("--out", default=None, metavar="DIR", help="write NAME.json files here")
    schema.add_argument(
        "--markdown", default=None, metavar="TABLE", help="print one docs table instead"
    )
    schema.add_argument(
        "--docs", default=None, metavar="DIR", help="regenerate the tables of DIR/*.md"
    )


class UnknownFormat(LookupError):
    """No format or docs table of that name."""


@command(
    "schema",
    help="print or write the JSON Schemas of the wire formats",
    description="The JSON Schemas of views, legal actions, events, deals, records, bot "
    "protocol and server messages (all of them are listed without NAME).",
    arguments=_schema_arguments,
    failures=((UnknownFormat, 2),),
)
def _schema(args: argparse.Namespace) -> int:
    from crowsnest import formats

    name: str | None = args.name
    table: str | None = args.markdown
    docs: str | None = args.docs
    if table is not None or docs is not None:
        if table is not None and table not in formats.TABLES:
            raise UnknownFormat(f"no table {table!r}; one of {', '.join(formats.TABLES)}")
        if table is not None:
            print(formats.markdown(table))
        for page in sorted(Path(docs).glob("*.md")) if docs is not None else []:
            text = page.read_text(encoding="utf-8")
            if formats.update_docs(text) != text:
                page.write_text(formats.update_docs(text), encoding="utf-8")
                print(f"updated {page}")
        return 0
    if name is not None and name not in formats.FORMATS:
        raise UnknownFormat(f"no format {name!r}; one of {', '.join(formats.FORMATS)}")
    names = [name] if name is not None else list(formats.FORMATS)
    if args.out is not None:
        for each in names:
            path = Path(args.out) / f"{each}.json"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(formats.schema_text(each), encoding="utf-8")
            print(f"wrote {path}")
    elif name is not None:
        sys.stdout.write(formats.schema_text(name))
    else:
        for each, (_, title) in formats.FORMATS.items():
            print(f"{each:16} {title}")
    return 0


def _native_arguments(native: argparse.ArgumentParser) -> None:
    native.add_argument("action", choices=("build", "status"))
    native.add_argument("--force", action="store_true", help="build even if up to date")


@command(
    "native",
    help="build the compiled core (engine and searches), or say whether it is used",
    description="The engine's games and the searches' hot modules compiled by mypyc "
    "(docs/ai.md, 'The compiled core'): `build` compiles them unless a build of "
    "today's sources is there; `status` says whether a process started now runs "
    "them, and why.",
    arguments=_native_arguments,
)
def _native(args: argparse.Namespace) -> int:
    from crowsnest import native

    if args.action == "build":
        result = native.build(force=args.force)
        print(f"crowsnest native core: {result}")
        return 0 if result.compiled else 1
    print(f"crowsnest native core: {native.status()}")
    return 0
