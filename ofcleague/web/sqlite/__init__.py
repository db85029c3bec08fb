"""Django's SQLite backend for connections kept across requests (see base.py)."""
