"""Server tests."""
