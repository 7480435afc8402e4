"""Tests of the Monk's Corner ruleset plugin."""
