from __future__ import annotations

from pathlib import Path

import pytest

from ancients.errors import ScenarioError
from ancients.scenario import Field, read_toml
from ancients.units import TroopKind


def test_field_errors_name_file_and_path() -> None:
    doc = Field.root({"units": [{"id": "a", "strength": "x"}]}, source="army.toml")
    unit = next(doc["units"].items())
    with pytest.raises(ScenarioError) as err:
        unit["strength"].as_int()
    assert err.value.source == "army.toml" and err.value.field == "units[0].strength"
    assert "in army.toml, at units[0].strength: expected an integer" in str(err.value)
    with pytest.raises(ScenarioError, match=r"units\[0\].morale: required field is missing"):
        unit["morale"].as_int()
    with pytest.raises(ScenarioError, match="unknown field"):
        unit.check_keys(["id"])


def test_field_scalars() -> None:
    doc = Field.root({"n": 3, "f": 2, "b": True, "k": "elephants", "s": "0312"})
    assert doc["n"].as_int(min=1, max=5) == 3
    assert doc["f"].as_float() == 2.0
    assert doc["b"].as_bool() is True
    assert doc["k"].enum(TroopKind) is TroopKind.ELEPHANTS
    assert doc["s"].as_str(pattern=r"\d{4}") == "0312"
    assert doc.get("missing").as_int(7) == 7
    with pytest.raises(ScenarioError, match="above the maximum"):
        doc["n"].as_int(max=2)
    with pytest.raises(ScenarioError, match="expected an integer, got a boolean"):
        doc["b"].as_int()
    with pytest.raises(ScenarioError, match="is not one of"):
        doc["k"].choice(["cavalry"])
    with pytest.raises(ScenarioError, match="expected a table"):
        Field.root([])  # type: ignore[arg-type]


def test_field_points() -> None:
    doc = Field.root({"wood": [[0, 0], [4, 0.5], [2, 3]], "bad": [[0, 0], [1]],
                      "short": [[0, 0], [1, 1]]}, source="t.toml")
    assert doc["wood"].as_points(3) == [(0.0, 0.0), (4.0, 0.5), (2.0, 3.0)]
    with pytest.raises(ScenarioError, match=r"at bad\[1\]: a point is \[x, y\]"):
        doc["bad"].as_points()
    with pytest.raises(ScenarioError, match="at short: needs at least 3 points, has 2"):
        doc["short"].as_points(3)
    assert doc["short"].as_points(2) == [(0.0, 0.0), (1.0, 1.0)]


def test_read_toml_errors(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text("name = [unclosed\n")
    with pytest.raises(ScenarioError, match=r"bad\.toml.*not valid TOML"):
        read_toml(bad)
    with pytest.raises(ScenarioError, match="no such scenario file"):
        read_toml(tmp_path / "missing.toml")
