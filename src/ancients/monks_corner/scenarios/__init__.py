"""Built-in Monk's Corner scenarios (TOML)."""
