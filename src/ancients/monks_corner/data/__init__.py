"""The numbers of the Monk's Corner rules, as TOML data (read by :mod:`..rules`)."""
