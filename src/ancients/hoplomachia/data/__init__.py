"""Hoplomachia's tables and cards as TOML (read with :func:`ancients.rulesdata.load_document`)."""
