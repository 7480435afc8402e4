"""The tutorial notebook (docs/tutorial.ipynb) runs from top to bottom and shows what it
says: a battle's picture, the summary, the comparison, a plot."""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

NOTEBOOK = Path(__file__).resolve().parents[1] / "docs" / "tutorial.ipynb"


def test_the_tutorial_notebook_runs_and_shows_its_pictures(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    nb = nbformat.reads(NOTEBOOK.read_text(encoding="utf-8"), as_version=4)  # type: ignore[no-untyped-call]
    NotebookClient(nb, timeout=600, kernel_name="python3",
                   resources={"metadata": {"path": str(tmp_path)}}).execute()
    outputs = [o for cell in nb.cells if cell.cell_type == "code" for o in cell.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    mimes = {m for o in outputs for m in o.get("data", {})}
    assert {"image/svg+xml", "image/png"} <= mimes  # the battle's picture and the plot
    text = "".join(o.get("text", "") for o in outputs)
    assert "win" in text and "mantinea" in text.lower()
