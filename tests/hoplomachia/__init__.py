"""Tests of the Hoplomachia ruleset package (its data and rules arithmetic)."""
