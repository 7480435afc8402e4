"""The built-in Burgess scenarios (TOML)."""
