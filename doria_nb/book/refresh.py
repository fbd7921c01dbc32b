"""Refresh the checked outputs of chapter notebooks (a maintainer's command).

Chapters are committed without outputs, except the text outputs of cells marked
``# NBVAL_CHECK_OUTPUT``: nbval compares those on every test run, so they must be stored.
This command runs each notebook top to bottom in a fresh kernel and keeps exactly those
outputs (text only), dropping everything else (widget views, BokehJS, HTML)::

    uv run python -m doria_nb.book.refresh chapters/*.ipynb

Run it after changing a chapter or anything whose printed result a chapter checks.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient

CHECK_MARK = "# NBVAL_CHECK_OUTPUT"
KEPT_OUTPUT_TYPES = {"stream", "execute_result"}


def is_checked(cell: nbformat.NotebookNode) -> bool:
    """True for a code cell whose output nbval compares."""
    source = cell.source if isinstance(cell.source, str) else "".join(cell.source)
    return cell.cell_type == "code" and source.lstrip().startswith(CHECK_MARK)


def _text_only(output: nbformat.NotebookNode) -> nbformat.NotebookNode | None:
    if output.output_type == "stream":
        return output
    if output.output_type == "execute_result" and "text/plain" in output.get("data", {}):
        output.data = {"text/plain": output.data["text/plain"]}
        output.metadata = {}
        return output
    return None


def strip(notebook: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """Keep the text outputs of checked cells; clear all other outputs, counts and the saved
    widget state."""
    notebook.metadata.pop("widgets", None)
    count = 0
    for cell in notebook.cells:
        if cell.cell_type != "code":
            continue
        cell.metadata.pop("execution", None)
        if not is_checked(cell):
            cell.outputs = []
            cell.execution_count = None
            continue
        # nbval skips comparing a cell that looks unrun, so checked cells keep a count.
        count += 1
        cell.execution_count = count
        kept = [_text_only(output) for output in cell.outputs]
        cell.outputs = [output for output in kept if output is not None]
        for output in cell.outputs:
            if output.output_type == "execute_result":
                output.execution_count = count
    return notebook


def refresh(path: Path, *, timeout: int = 300) -> None:
    """Execute ``path`` in its own folder and store only its checked outputs."""
    notebook = nbformat.read(path, as_version=4)
    client = NotebookClient(
        notebook,
        timeout=timeout,
        kernel_name="python3",
        resources={"metadata": {"path": str(path.parent)}},
    )
    client.execute()
    nbformat.write(strip(notebook), path)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="+", type=Path)
    args = parser.parse_args(argv)
    for path in args.notebooks:
        print(f"refreshing {path} ...", flush=True)
        refresh(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
