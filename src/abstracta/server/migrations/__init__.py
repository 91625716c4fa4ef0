"""Alembic's scripts for the server's database (``env.py``, ``versions/``), shipped inside the package so that
an installed server can upgrade its database; :mod:`abstracta.server.migrate` runs them."""
