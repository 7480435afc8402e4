"""Plain-text tables: what ``print()`` shows of a sweep, a sensitivity or matchups."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

__all__ = ["text_table"]


def text_table(title: str, columns: Sequence[str], rows: Iterable[Sequence[str]],
               notes: Iterable[str] = ()) -> str:
    """``title``, then the columns and rows aligned (text left, numbers right), then the
    notes, one a line."""
    body = [list(map(str, r)) for r in rows]
    head = list(columns)
    widths = [max([len(head[i]), *(len(r[i]) for r in body)]) for i in range(len(head))]

    def line(cells: Sequence[str], numbers: Sequence[bool]) -> str:
        return "  ".join((c.rjust(w) if num else c.ljust(w))
                         for c, w, num in zip(cells, widths, numbers, strict=True)).rstrip()

    numeric = [bool(body) and all(_number(r[i]) for r in body) for i in range(len(head))]
    out = [title, line(head, numeric), "  ".join("-" * w for w in widths)]
    out += [line(r, numeric) for r in body]
    out += list(notes)
    return "\n".join(out)


def _number(cell: str) -> bool:
    text = cell.strip().rstrip("%*").strip()
    try:
        float(text)
    except ValueError:
        return cell.strip() in ("", "-")
    return True
