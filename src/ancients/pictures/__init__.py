"""Pictures and pages: plots of results (:mod:`~ancients.pictures.plot`, the ``plot``
extra), the HTML report of a comparison (:mod:`~ancients.pictures.report`) and the
phase-by-phase replay of one battle (:mod:`~ancients.pictures.replay`). A battle's own
map is its ruleset's ``to_svg()``."""
