"""Built-in Hoplomachia scenarios (TOML)."""
