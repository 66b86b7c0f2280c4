"""Helpers of Segue's browser checks (see Tests/Browser/conftest.py for the overview)."""
